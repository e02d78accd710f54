import type Stripe from 'stripe';
import type { Config } from '#server/config.ts';

/** The provider's client, or null when online payment is off (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET unset). */
export type PaymentProvider = { stripe: Stripe; webhookSecret: string };

/** The SDK (2.5 MB of heap) is loaded only when online payment is on. */
export async function paymentProvider(config: Config): Promise<PaymentProvider | null> {
  if (!config.STRIPE_SECRET_KEY || !config.STRIPE_WEBHOOK_SECRET) return null;
  const { default: Stripe } = await import('stripe');
  const api = config.STRIPE_API_URL ? new URL(config.STRIPE_API_URL) : null;
  const stripe = new Stripe(config.STRIPE_SECRET_KEY, {
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

/** Euros as the order stores them ('35.00') into the provider's cents. */
export const toCents = (price: string): number => Math.round(Number(price) * 100);

/** The provider's dashboard page of a session's payment, for staff (a test-mode session opens the test dashboard). */
export function dashboardLink(sessionId: string, paymentIntent: string | null): string {
  const base = sessionId.startsWith('cs_live_') ? 'https://dashboard.stripe.com' : 'https://dashboard.stripe.com/test';
  return paymentIntent ? `${base}/payments/${paymentIntent}` : `${base}/search?query=${encodeURIComponent(sessionId)}`;
}
