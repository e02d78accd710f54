import type Stripe from 'stripe';
import type { Config } from '#server/config.ts';
import type { CardRefunds } from '#server/services/billing/credit-notes.ts';
import { assertNoOpenTransaction } from '#server/db/open-transaction.ts';

/** The provider's client, or null when online payment is off (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET unset). */
export type PaymentProvider = { stripe: Stripe; webhookSecret: string };

/** The SDK (2.5 MB of heap) is loaded only when online payment is on. */
export async function paymentProvider(config: Config): Promise<PaymentProvider | null> {
  if (!config.STRIPE_SECRET_KEY || !config.STRIPE_WEBHOOK_SECRET) return null;
  const { default: Stripe } = await import('stripe');
  const api = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : null;
  // Every call to the provider goes through this client: none may run while a database transaction is open (040).
  const http = Stripe.createNodeHttpClient();
  const httpClient: typeof http = Object.assign(Object.create(http) as typeof http, {
    // A rejected promise, as the SDK expects of its client (a throw would leave its call hanging).
    makeRequest: async (...args: Parameters<typeof http.makeRequest>) => {
      assertNoOpenTransaction('The payment provider');
      return http.makeRequest(...args);
    },
  });
  const stripe = new Stripe(config.STRIPE_SECRET_KEY, {
    httpClient,
    // A stand-in of the API (tests, stripe-mock) is reached through the SDK's own options, not a second client.
    ...(api
      ? {
          host: api.hostname,
          port: Number(api.port || (api.protocol === 'https:' ? 443 : 80)),
          protocol: api.protocol.replace(':', '') as 'http' | 'https',
        }
      : {}),
    // A request waits at most this long: a client clicking « Payer en ligne » gets an answer either way.
    timeout: 15_000,
    maxNetworkRetries: 2,
    telemetry: false,
  });
  return { stripe, webhookSecret: config.STRIPE_WEBHOOK_SECRET };
}

/** The provider's refunds as billing asks for them (services/billing/credit-notes.ts). */
export function cardRefunds(provider: PaymentProvider): CardRefunds {
  return {
    refund: async ({ paymentIntent, amountCents, invoiceNumber, idempotencyKey }) => {
      const made = await provider.stripe.refunds.create(
        { payment_intent: paymentIntent, amount: amountCents, metadata: { invoice: invoiceNumber } },
        { idempotencyKey },
      );
      return { id: made.id, status: made.status };
    },
  };
}
