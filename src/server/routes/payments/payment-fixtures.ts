// What the payment tests share: a checkout.session.* event as Stripe sends it, delivered signed to the webhook, and a
// « Pro » order (50 €) pending or paid online through it.
import { expect } from 'vitest';
import Stripe from 'stripe';
import type { TestApp } from '#server/test/harness.ts';
import { postOrder } from '#server/test/fixtures.ts';
import { todayIso } from '#shared/format.ts';

export type StripeEnv = { STRIPE_SECRET_KEY: string; STRIPE_WEBHOOK_SECRET: string };

let sequence = 0;

/** A checkout.session.* event as the provider sends it, with the fields we read; ids carry `tag` and a sequence. */
export function sessionEvent(type: string, orderId: number, session: Record<string, unknown> = {}, tag = 'test') {
  sequence++;
  return {
    id: `evt_${tag}_${sequence}_${Date.now()}`,
    object: 'event',
    type,
    api_version: '2025-01-01',
    created: Math.floor(Date.now() / 1000),
    data: {
      object: {
        id: `cs_test_${tag}_${sequence}`,
        object: 'checkout.session',
        amount_total: 5000,
        currency: 'eur',
        payment_status: 'paid',
        status: 'complete',
        client_reference_id: String(orderId),
        metadata: { orderId: String(orderId) },
        payment_intent: `pi_test_${tag}_${sequence}`,
        ...session,
      },
    },
  };
}

/** The event posted to the webhook, signed with `secret` (the app's, unless a test forges another) at `timestamp`. */
export function deliverEvent(
  t: TestApp,
  env: StripeEnv,
  event: object,
  { secret = env.STRIPE_WEBHOOK_SECRET, timestamp }: { secret?: string; timestamp?: number } = {},
) {
  const payload = JSON.stringify(event);
  const header = new Stripe(env.STRIPE_SECRET_KEY).webhooks.generateTestHeaderString({ payload, secret, timestamp });
  return t.app.inject({
    method: 'POST',
    url: '/api/payments/stripe/webhook',
    payload,
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
  });
}

/** A client's pending order of the « Pro » plan (50 €), entered by staff. */
export async function pendingProOrder(t: TestApp, staff: Record<string, string>, name: string) {
  const created = await postOrder(t, staff, {
    clientName: `Client ${name}`,
    clientEmail: `${name}@exemple.fr`,
    username: name,
    password: 'Azur-Passerelle-2026',
    plan: 'pro',
    paymentStatus: 'pending',
    orderDate: todayIso(),
  });
  return created.id;
}

/** A « Pro » order paid by card online: the provider's signed checkout.session.completed reached the app. */
export async function paidOnline(t: TestApp, staff: Record<string, string>, env: StripeEnv, name: string, tag: string) {
  const id = await pendingProOrder(t, staff, name);
  const event = sessionEvent('checkout.session.completed', id, {}, tag);
  const res = await deliverEvent(t, env, event);
  expect(res.statusCode, res.body).toBe(200);
  return { id, paymentIntent: event.data.object.payment_intent };
}
