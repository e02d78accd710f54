// A local stand-in of the Stripe API calls the product makes (create and retrieve a Checkout session, refund), for
// tests: the real SDK is pointed at it (STRIPE_API_URL → its host/port/protocol options) and every request it sends
// is recorded as received.
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

type RecordedRequest = { method: string; path: string; headers: IncomingMessage['headers']; form: URLSearchParams };
type Session = Record<string, unknown> & { id: string };
type Reply = (status: number, body: unknown) => void;
type RefundFailure = { status: number } | { refundStatus: string };

/** What the stand-in remembers, and what a test has asked of its next answers. */
type StandInState = {
  requests: RecordedRequest[];
  sessions: Map<string, Session>;
  /** The answer to the next creation, if a test wants a failure. */
  failNext: number | null;
  made: number;
  /** Refunds made, by idempotency key: the same key answers the same refund, as the provider does. */
  refunds: Map<string, Record<string, unknown>>;
  failNextRefund: RefundFailure | null;
  /** Refunds made whose answers are lost (a 500 instead) this many times: the SDK's retries included. */
  lostRefundAnswers: number;
  /** A refund request waits for this gate to open before it is handled (a slow provider). */
  refundGate: Promise<void> | null;
  /** Where the provider's page sends its signed event once « paid » (the app under test), see deliverTo(). */
  webhook: { url: string; secret: string } | null;
  /** The stand-in's own address, for the page a session points to. */
  address: () => string;
};

const signer = new Stripe('sk_test_standin');

/** The provider's page: the card is accepted, the signed event reaches the app, then the browser goes back. */
async function pay(state: StandInState, id: string): Promise<string | null> {
  const session = state.sessions.get(id);
  if (!session || !state.webhook) return null;
  Object.assign(session, { status: 'complete', payment_status: 'paid', payment_intent: `pi_test_${id}` });
  const payload = JSON.stringify({
    id: `evt_test_${id}`,
    object: 'event',
    type: 'checkout.session.completed',
    created: Math.floor(Date.now() / 1000),
    data: { object: session },
  });
  const header = signer.webhooks.generateTestHeaderString({ payload, secret: state.webhook.secret });
  const res = await fetch(state.webhook.url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'stripe-signature': header },
    body: payload,
  });
  if (!res.ok) throw new Error(`webhook answered ${res.status}`);
  return String(session.success_url);
}

/** POST /v1/checkout/sessions: an open session read from the SDK's form, or the failure a test asked for. */
function createSession(state: StandInState, form: URLSearchParams, reply: Reply) {
  if (state.failNext) {
    const status = state.failNext;
    state.failNext = null;
    return reply(status, { error: { type: 'api_error', message: 'stand-in failure' } });
  }
  state.made++;
  const id = `cs_test_standin_${state.made}`;
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
    url: `${state.address()}/pay/${id}`,
  };
  state.sessions.set(id, session);
  return reply(200, session);
}

/** POST /v1/refunds: the same key answers the same refund, as the provider does. */
function handleRefund(state: StandInState, req: IncomingMessage, form: URLSearchParams, reply: Reply) {
  const key = String(req.headers['idempotency-key'] ?? '');
  const known = state.refunds.get(key);
  if (known && state.lostRefundAnswers > 0) {
    state.lostRefundAnswers--;
    return reply(500, { error: { type: 'api_error', message: 'stand-in: answer lost' } });
  }
  if (known) return reply(200, known);
  const failure = state.failNextRefund;
  state.failNextRefund = null;
  if (failure && 'status' in failure)
    return reply(failure.status, { error: { type: 'api_error', message: 'stand-in failure' } });
  const refund = {
    id: `re_test_standin_${state.refunds.size + 1}`,
    object: 'refund',
    amount: Number(form.get('amount')),
    currency: 'eur',
    payment_intent: form.get('payment_intent'),
    status: failure ? failure.refundStatus : 'succeeded',
  };
  state.refunds.set(key, refund);
  if (state.lostRefundAnswers > 0) {
    state.lostRefundAnswers--;
    return reply(500, { error: { type: 'api_error', message: 'stand-in: answer lost' } });
  }
  return reply(200, refund);
}

/** GET /pay/:id: the provider's page, with the amount and a « Payer » button. */
function showPayPage(res: ServerResponse, session: Session) {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><html lang="fr"><meta name="viewport" content="width=device-width"><title>Paiement (simulation)</title>
<h1>Paiement par carte (simulation)</h1><p>Montant : ${Number(session.amount_total) / 100} EUR</p>
<form method="post"><button type="submit">Payer</button></form><p><a href="${String(session.cancel_url)}">Annuler</a></p></html>`);
}

/** POST /pay/:id, the « Payer » button: paid, then the browser is sent back to the shop (404 for no such session). */
function payAndGoBack(state: StandInState, res: ServerResponse, id: string) {
  void pay(state, id).then(
    (back) => {
      res.writeHead(back ? 303 : 404, back ? { location: back } : {});
      res.end();
    },
    (error: unknown) => {
      res.writeHead(500);
      res.end(String(error));
    },
  );
}

/** One request the SDK (or a browser on the provider's page) sent, recorded, then answered. */
function answer(state: StandInState, req: IncomingMessage, res: ServerResponse, body: Buffer) {
  const url = new URL(req.url ?? '/', 'http://stand-in');
  const form = new URLSearchParams(body.toString('utf8'));
  state.requests.push({ method: req.method ?? '', path: url.pathname, headers: req.headers, form });
  const reply: Reply = (status, json) => {
    res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${state.requests.length}` });
    res.end(JSON.stringify(json));
  };
  if (req.method === 'POST' && url.pathname === '/v1/checkout/sessions') return createSession(state, form, reply);
  if (req.method === 'POST' && url.pathname === '/v1/refunds' && state.refundGate) {
    const gate = state.refundGate;
    state.refundGate = null;
    void gate.then(() => handleRefund(state, req, form, reply));
    return;
  }
  if (req.method === 'POST' && url.pathname === '/v1/refunds') return handleRefund(state, req, form, reply);
  const page = /^\/pay\/([^/]+)$/.exec(url.pathname);
  if (page && req.method === 'GET' && state.sessions.has(page[1]!))
    return showPayPage(res, state.sessions.get(page[1]!)!);
  if (page && req.method === 'POST') return payAndGoBack(state, res, page[1]!);
  const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
  if (req.method === 'GET' && retrieve) {
    const session = state.sessions.get(retrieve[1]!);
    return session
      ? reply(200, session)
      : reply(404, { error: { type: 'invalid_request_error', message: 'No such session' } });
  }
  reply(404, { error: { type: 'invalid_request_error', message: `stand-in: ${req.method} ${url.pathname}` } });
}

export async function startStripeStandIn() {
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => answer(state, req, res, Buffer.concat(chunks)));
  });
  const state: StandInState = {
    requests: [],
    sessions: new Map(),
    failNext: null,
    made: 0,
    refunds: new Map(),
    failNextRefund: null,
    lostRefundAnswers: 0,
    refundGate: null,
    webhook: null,
    address: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
  };
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: state.address(),
    requests: state.requests,
    sessions: state.sessions,
    failNextCreation(status: number) {
      state.failNext = status;
    },
    /** The next refund answers this HTTP error, or is made with this status ('failed'). */
    failNextRefund(failure: RefundFailure) {
      state.failNextRefund = failure;
    },
    /** The next refund is made, but its answer is lost `times` times (the SDK tries three times). */
    loseRefundAnswers(times: number) {
      state.lostRefundAnswers = times;
    },
    /** The next refund request waits until the returned function is called. */
    holdNextRefund(): () => void {
      let open!: () => void;
      state.refundGate = new Promise<void>((resolve) => (open = resolve));
      return open;
    },
    refunds: state.refunds,
    /** The app's webhook address and signing secret, for the provider's page. */
    deliverTo(url: string, secret: string) {
      state.webhook = { url, secret };
    },
    /** What the provider's page does once the card is accepted. */
    markPaid(id: string, paymentIntent = `pi_test_${id}`) {
      Object.assign(state.sessions.get(id)!, {
        status: 'complete',
        payment_status: 'paid',
        payment_intent: paymentIntent,
      });
      return state.sessions.get(id)!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
