import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { registrationInputSchema } from '#shared/inbox/registration.ts';
import { captchaChallengeSchema, contactInputSchema, contactSentSchema } from '#shared/inbox/contact.ts';
import { messageReply } from '#shared/common/query.ts';
import { HttpError } from '#server/http-error.ts';
import { createCaptcha } from '#server/services/inbox/captcha.ts';
import { sharedSecret } from '#server/services/security/shared-secret.ts';
import { createContactMessage } from '#server/services/inbox/inbox-items.ts';
import { createRegistration } from '#server/services/inbox/registrations.ts';
import { queueContactMail, queueRegistrationMails } from '#server/services/mail/intervention-mails.ts';
import { RATE_LIMITS } from '#server/rate-limits.ts';
import { verifyInvoiceRoutes } from './verify-invoice.ts';
import { helpRoutes } from './help.ts';

/** Routes anyone may call: registration, contact, invoice verification. */
export const publicRoutes: FastifyPluginAsyncZod = async (app) => {
  // The question's signature must check on whichever instance receives the answer (services/security/shared-secret.ts).
  const captcha = createCaptcha(app.config.SESSION_SECRET ?? (await sharedSecret(app.db, 'captcha')));
  await app.register(verifyInvoiceRoutes);
  await app.register(helpRoutes);

  app.post(
    '/register',
    {
      config: { rateLimit: RATE_LIMITS.publicForm },
      schema: { body: registrationInputSchema, response: { 201: messageReply } },
    },
    async (request, reply) => {
      const input = request.body;
      // The request and its e-mails (acknowledgement, staff notice) are stored together; none waits for the SMTP server.
      await app.db.transaction(async (tx) => {
        const { id } = await createRegistration(tx, input);
        await queueRegistrationMails(tx, app.mail, id, input);
      });
      // Same answer either way, without the row's id (an older id would tell that this e-mail had already registered):
      // a visitor who submits twice is told it worked, and nobody learns who registered.
      return reply.status(201).send({ message: 'Demande enregistrée' });
    },
  );

  app.get('/contact/captcha', { schema: { response: { 200: captchaChallengeSchema } } }, async (_request, reply) => {
    reply.header('cache-control', 'no-store');
    return captcha.challenge();
  });

  app.post(
    '/contact',
    {
      config: { rateLimit: RATE_LIMITS.publicForm },
      schema: { body: contactInputSchema, response: { 201: contactSentSchema } },
    },
    async (request, reply) => {
      const input = request.body;
      if (!captcha.check(input.captchaToken, input.captchaAnswer)) {
        throw new HttpError(
          'CAPTCHA',
          'Réponse incorrecte à la question de sécurité. Une nouvelle question vous est proposée.',
          {
            captchaAnswer: ['Réponse incorrecte, essayez à nouveau'],
          },
        );
      }
      const message = { name: input.name, email: input.email, subject: input.subject, message: input.message };
      const { id } = await app.db.transaction(async (tx) => {
        const created = await createContactMessage(tx, { ...message, captchaAnswer: input.captchaAnswer });
        await queueContactMail(tx, app.mail, created.id, message);
        return created;
      });
      return reply.status(201).send({ id, message: 'Message envoyé' });
    },
  );
};
