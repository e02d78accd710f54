// A local stand-in of the two Stripe API calls the product makes (create and retrieve a Checkout session), for
// tests: the real SDK is pointed at it (STRIPE_API_URL → its host/port/protocol options) and every request it sends
// is recorded as received.
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';

export type RecordedRequest = { method: string; path: string; headers: IncomingMessage['headers']; form: URLSearchParams };
type Session = Record<string, unknown> & { id: string };

export async function startStripeStandIn() {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, Session>();
  /** The answer to the next creation, if a test wants a failure. */
  let failNext: number | null = null;
  let made = 0;
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
          id, object: 'checkout.session', status: 'open', payment_status: 'unpaid', currency: form.get('line_items[0][price_data][currency]'),
          amount_total: Number(form.get('line_items[0][price_data][unit_amount]')),
          client_reference_id: form.get('client_reference_id'), metadata: { orderId: form.get('metadata[orderId]') },
          success_url: form.get('success_url'), cancel_url: form.get('cancel_url'), payment_intent: null,
          url: `${address()}/pay/${id}`,
        };
        sessions.set(id, session);
        return reply(200, session);
      }
      const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && retrieve) {
        const session = sessions.get(retrieve[1]!);
        return session ? reply(200, session) : reply(404, { error: { type: 'invalid_request_error', message: 'No such session' } });
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
    failNextCreation(status: number) { failNext = status; },
    /** What the provider's page does once the card is accepted. */
    markPaid(id: string, paymentIntent = `pi_test_${id}`) {
      Object.assign(sessions.get(id)!, { status: 'complete', payment_status: 'paid', payment_intent: paymentIntent });
      return sessions.get(id)!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
