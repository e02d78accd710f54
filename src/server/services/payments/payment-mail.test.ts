import { describe, expect, it } from 'vitest';
import { loadConfig, siteInfo } from '#server/config.ts';
import { renderMail } from '#server/services/mail/templates/catalogue.tsx';

const pendingOrder = {
  id: 7,
  planId: 'standard',
  price: '25.00',
  paymentMethod: 'virement',
  paymentStatus: 'pending',
} as const;
const credentials = { name: 'Jeanne', username: 'jeanne', order: pendingOrder, requestedPlanId: null };

describe('[PAYMENTS][MAIL] the credentials of a pending order', () => {
  it('point to « Payer en ligne » in the client area when online payment is on', async () => {
    const site = siteInfo(
      loadConfig({
        PUBLIC_URL: 'https://support.exemple.fr',
        STRIPE_SECRET_KEY: 'sk_test_51MailTests',
        STRIPE_WEBHOOK_SECRET: 'whsec_mailtests01234567',
      }),
    );
    const { text } = await renderMail('credentials', credentials, site, 'secret');
    expect(text).toMatch(/régler tout de suite en ligne par carte bancaire/);
    expect(text).toContain('https://support.exemple.fr/client/factures');
  });

  it('say nothing of it when online payment is off', async () => {
    const { text } = await renderMail('credentials', credentials, siteInfo(loadConfig({})), 'secret');
    expect(text).not.toMatch(/en ligne par carte/);
    expect(text).toMatch(/Merci de régler 25,00\s€ par virement/);
  });
});
