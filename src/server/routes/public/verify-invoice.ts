import type { FastifyInstance } from 'fastify';
import { verificationKeySchema } from '../../../shared/schemas/invoice';
import { HttpError, parseInput } from '../../http-error';
import { invoiceVerifier } from '../../services/invoice-verification';

declare module 'fastify' {
  interface FastifyInstance {
    /** requests per minute and IP on /api/verify-invoice (buildApp option, raised by the benchmarks) */
    verifyRateLimit: number;
  }
}

const RESPONSE = {
  type: 'object',
  properties: {
    id: { type: 'integer' },
    orderDate: { type: 'string' },
    clientName: { type: 'string' },
    price: { type: 'string' },
    plan: { type: 'string' },
    paymentStatus: { type: 'string' },
  },
  required: ['id', 'orderDate', 'clientName', 'price', 'plan', 'paymentStatus'],
} as const;

/** GET /api/verify-invoice/:key: anyone holding an invoice can check it is genuine. */
export async function verifyInvoiceRoutes(app: FastifyInstance) {
  const verify = invoiceVerifier(app.db);

  app.get('/verify-invoice/:key', {
    config: { rateLimit: { max: app.verifyRateLimit, timeWindow: '1 minute' } },
    // A hundred bytes of JSON: not worth compressing, and a declared shape serialises faster and sends nothing else.
    compress: false,
    schema: { response: { 200: RESPONSE } },
  }, async (request) => {
    const key = parseInput(verificationKeySchema, (request.params as { key: string }).key);
    const invoice = await verify(key);
    if (!invoice) throw new HttpError(404, 'Facture non trouvée. Vérifiez votre clé de vérification.', 'NOT_FOUND');
    return invoice;
  });
}
