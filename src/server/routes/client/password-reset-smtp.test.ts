import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { decodeMail, startSmtpPeer } from '#server/test/smtp-peer.ts';
import { FORGOT_PASSWORD_SENT } from '#shared/clients/client-api.ts';
import { clientLogin, postOrder, staffLogin } from '#server/test/fixtures.ts';

describe('[CLIENT][RESET][MAIL] the reset link reaches a real SMTP server and works', () => {
  let t: TestApp;
  let peer: Awaited<ReturnType<typeof startSmtpPeer>>;
  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await createTestApp(
      {
        SMTP_URL: peer.url,
        MAIL_FROM: 'RFS Assistance <contact@rfs.example>',
        PUBLIC_URL: 'https://support.exemple.fr',
      },
      { realMailer: true },
    );
    const staff = await staffLogin(t);
    await postOrder(t, staff, {
      clientName: 'Élodie Bérénger',
      clientEmail: 'elodie@exemple.fr',
      username: 'eberenger',
      password: 'Soleil-du-Midi-42',
    });
    await t.drain(); // the order's own messages (credentials, invoice) leave before the tests start
  });
  afterAll(async () => {
    await t.close();
    await peer.stop();
  });

  it('answers at once, then delivers a French e-mail whose link sets the new password', async () => {
    const before = peer.received.length;
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'Elodie@exemple.fr' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: FORGOT_PASSWORD_SENT });

    await t.drain();
    await peer.receivedCount(before + 1);
    const mail = peer.received[before]!;
    expect(t.mailer.sent).toHaveLength(0); // the real mailer was used, not the memory one
    expect(mail.to).toEqual(['elodie@exemple.fr']);
    const text = decodeMail(mail.raw);
    expect(text).toMatch(/^Subject: Réinitialisation de votre mot de passe RFS Assistance/m);
    expect(text).toContain('Bonjour Élodie Bérénger,');
    expect(text).toContain('Vous n’êtes pas à l’origine de cette demande ?');
    const token = /https:\/\/support\.exemple\.fr\/reset-password\?token=([A-Za-z0-9_-]{43})/.exec(text)?.[1];
    expect(token, text).toBeDefined();

    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword: 'Mistral-Gagnant-2026' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    await clientLogin(t, 'eberenger', 'Mistral-Gagnant-2026');
  });

  it('sends nothing for an unknown address, with the same answer', async () => {
    const before = peer.received.length;
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'personne@exemple.fr' },
    });
    expect(unknown.json()).toEqual({ message: FORGOT_PASSWORD_SENT });
    // Mails leave in order: the next one to arrive is the known account's, and it is the only one.
    const known = await t.app.inject({
      method: 'POST',
      url: '/api/auth/forgot-password',
      payload: { email: 'eberenger' },
    });
    expect(known.body).toBe(unknown.body);
    await t.drain();
    await peer.receivedCount(before + 1);
    expect(peer.received[before]!.to).toEqual(['elodie@exemple.fr']);
    expect(peer.received).toHaveLength(before + 1);
  });
});
