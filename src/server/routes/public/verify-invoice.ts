import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { invoiceVerificationSchema, verificationParams } from '#shared/billing/invoice-verification.ts';
import { HttpError } from '#server/http-error.ts';
import { RATE_LIMITS } from '#server/rate-limits.ts';
import { invoiceVerifier } from '#server/services/billing/invoice-verification.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** requests per minute and IP on /api/verify-invoice (buildApp option, raised by the benchmarks) */
    verifyRateLimit: number;
  }
}

/** GET /api/verify-invoice/:key: anyone holding an invoice can check it is genuine. */
export const verifyInvoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const verify = invoiceVerifier(app.db);

  app.get(
    '/verify-invoice/:key',
    {
      config: { rateLimit: { ...RATE_LIMITS.verifyInvoice, max: app.verifyRateLimit } },
      // A hundred bytes of JSON: not worth compressing; the declared shape sends nothing else.
      compress: false,
      schema: { params: verificationParams, response: { 200: invoiceVerificationSchema } },
    },
    async (request) => {
      const invoice = await verify(request.params.key);
      if (!invoice) throw new HttpError('NOT_FOUND', 'Facture non trouvée. Vérifiez votre clé de vérification.');
      return invoice;
    },
  );
};
