// A local stand-in of the Stripe API calls the product makes (create and retrieve a Checkout session, refund), for
// tests: the real SDK is pointed at it (STRIPE_API_URL → its host/port/protocol options) and every request it sends
// is recorded as received.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

type RecordedRequest = { method: string; path: string; headers: IncomingMessage['headers']; form: URLSearchParams };
type Session = Record<string, unknown> & { id: string };

export async function startStripeStandIn() {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, Session>();
  /** The answer to the next creation, if a test wants a failure. */
  let failNext: number | null = null;
  let made = 0;
  /** Refunds made, by idempotency key: the same key answers the same refund, as the provider does. */
  const refunds = new Map<string, Record<string, unknown>>();
  let failNextRefund: { status: number } | { refundStatus: string } | null = null;
  /** Refunds made whose answers are lost (a 500 instead) this many times: the SDK's retries included. */
  let lostRefundAnswers = 0;
  /** A refund request waits for this gate to open before it is handled (a slow provider). */
  let refundGate: Promise<void> | null = null;
  /** Where the provider's page sends its signed event once « paid » (the app under test), see deliverTo(). */
  let webhook: { url: string; secret: string } | null = null;
  const signer = new Stripe('sk_test_standin');

  /** The provider's page: the card is accepted, the signed event reaches the app, then the browser goes back. */
  async function pay(id: string): Promise<string | null> {
    const session = sessions.get(id);
    if (!session || !webhook) return null;
    Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: `pi_test_${id}` });
    const payload = JSON.stringify({
      id: `evt_test_${id}`,
      object: 'event',
      type: 'checkout.session.completed',
      created: Math.floor(Date.now() / 1000),
      data: { object: session },
    });
    const header = signer.webhooks.generateTestHeaderString({ payload, secret: webhook.secret });
    const res = await fetch(webhook.url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      body: payload,
    });
    if (!res.ok) throw new Error(`webhook answered ${res.status}`);
    return String(session.success_url);
  }
  /** POST /v1/refunds: the same key answers the same refund, as the provider does. */
  function handleRefund(req: IncomingMessage, form: URLSearchParams, reply: (status: number, body: unknown) => void) {
    const key = String(req.headers['idempotency-key'] ?? '');
    const known = refunds.get(key);
    if (known && lostRefundAnswers > 0) {
      lostRefundAnswers--;
      return reply(500, { error: { type: 'api_error', message: 'stand-in: answer lost' } });
    }
    if (known) return reply(200, known);
    const failure = failNextRefund;
    failNextRefund = null;
    if (failure && 'status' in failure)
      return reply(failure.status, { error: { type: 'api_error', message: 'stand-in failure' } });
    const refund = {
      id: `re_test_standin_${refunds.size + 1}`,
      object: 'refund',
      amount: Number(form.get('amount')),
      currency: 'eur',
      payment_intent: form.get('payment_intent'),
      status: failure ? failure.refundStatus : 'succeeded',
    };
    refunds.set(key, refund);
    if (lostRefundAnswers > 0) {
      lostRefundAnswers--;
      return reply(500, { error: { type: 'api_error', message: 'stand-in: answer lost' } });
    }
    return reply(200, refund);
  }
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const url = new URL(req.url ?? '/', 'http://stand-in');
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      requests.push({ method: req.method ?? '', path: url.pathname, headers: req.headers, form });
      const reply = (status: number, body: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${requests.length}` });
        res.end(JSON.stringify(body));
      };
      if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        if (failNext) {
          const status = failNext;
          failNext = null;
          return reply(status, { error: { type: 'api_error', message: 'stand-in failure' } });
        }
        made++;
        const id = `cs_test_standin_${made}`;
        const session: Session = {
          id,
          object: 'checkout.session',
          status: 'open',
          payment_status: 'unpaid',
          currency: form.get('line_items[0][price_data][currency]'),
          amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
          client_reference_id: form.get('client_reference_id'),
          metadata: { orderId: form.get('metadata[orderId]') },
          success_url: form.get('success_url'),
          cancel_url: form.get('cancel_url'),
          payment_intent: null,
          url: `${address()}/pay/${id}`,
        };
        sessions.set(id, session);
        return reply(200, session);
      }
      if (req.method === 'POST' && url.pathname === '/v1/refunds' && refundGate) {
        const gate = refundGate;
        refundGate = null;
        void gate.then(() => handleRefund(req, form, reply));
        return;
      }
      if (req.method === 'POST' && url.pathname === '/v1/refunds') return handleRefund(req, form, reply);
      const page = /^\/pay\/([^/]+)$/.exec(url.pathname);
      if (page && req.method === 'GET' && sessions.has(page[1]!)) {
        const session = sessions.get(page[1]!)!;
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(`<!doctype html><html lang="fr"><meta name="viewport" content="width=device-width"><title>Paiement (simulation)</title>
<h1>Paiement par carte (simulation)</h1><p>Montant : ${Number(session.amount_total) / 100} EUR</p>
<form method="post"><button type="submit">Payer</button></form><p><a href="${String(session.cancel_url)}">Annuler</a></p></html>`);
      }
      if (page && req.method === 'POST') {
        void pay(page[1]!).then(
          (back) => {
            res.writeHead(back ? 303 : 404, back ? { location: back } : {});
            res.end();
          },
          (error: unknown) => {
            res.writeHead(500);
            res.end(String(error));
          },
        );
        return;
      }
      const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && retrieve) {
        const session = sessions.get(retrieve[1]!);
        return session
          ? reply(200, session)
          : reply(404, { error: { type: 'invalid_request_error', message: 'No such session' } });
      }
      reply(404, { error: { type: 'invalid_request_error', message: `stand-in: ${req.method} ${url.pathname}` } });
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url: address(),
    requests,
    sessions,
    failNextCreation(status: number) {
      failNext = status;
    },
    /** The next refund answers this HTTP error, or is made with this status ('failed'). */
    failNextRefund(failure: { status: number } | { refundStatus: string }) {
      failNextRefund = failure;
    },
    /** The next refund is made, but its answer is lost `times` times (the SDK tries three times). */
    loseRefundAnswers(times: number) {
      lostRefundAnswers = times;
    },
    /** The next refund request waits until the returned function is called. */
    holdNextRefund(): () => void {
      let open!: () => void;
      refundGate = new Promise<void>((resolve) => (open = resolve));
      return open;
    },
    refunds,
    /** The app's webhook address and signing secret, for the provider's page. */
    deliverTo(url: string, secret: string) {
      webhook = { url, secret };
    },
    /** What the provider's page does once the card is accepted. */
    markPaid(id: string, paymentIntent = `pi_test_${id}`) {
      Object.assign(sessions.get(id)!, { status: 'complete', payment_status: 'paid', payment_intent: paymentIntent });
      return sessions.get(id)!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
