import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { FORGOT_PASSWORD_SENT } from '../../../shared/client-api';
import { clientLogin, postOrder, staffLogin } from '../../test/fixtures';

type Received = { to: string[]; raw: string };

/** Quoted-printable body and RFC 2047 « Q » headers back to UTF-8 text. */
function decode(raw: string): string {
  const body = raw
    .replace(/\?=\r?\n[ \t]+=\?UTF-8\?Q\?/gi, '') // folded header: adjacent encoded words join without a space
    .replace(/=\?UTF-8\?Q\?([^?]*)\?=/gi, (_m, q: string) => q.replace(/_/g, ' '))
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
  return Buffer.from(body, 'latin1').toString('utf8');
}

describe('[CLIENT][RESET][MAIL] the reset link reaches a real SMTP server and works', () => {
  let t: TestApp;
  let server: SMTPServer;
  const received: Received[] = [];
  let arrived: (mail: Received) => void;
  const nextMail = () => new Promise<Received>((resolve) => { arrived = resolve; });

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          const mail = { to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') };
          received.push(mail);
          callback();
          arrived?.(mail);
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    t = await createTestApp({
      SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'RFS Assistance <contact@rfs.example>', PUBLIC_URL: 'https://support.exemple.fr',
    }, { realMailer: true });
    const staff = await staffLogin(t);
    await postOrder(t, staff, { clientName: 'Élodie Bérénger', clientEmail: 'elodie@exemple.fr', username: 'eberenger', password: 'Soleil-du-Midi-42' });
    await t.drain(); // the order's own messages (credentials, invoice) leave before the tests start
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('answers at once, then delivers a French e-mail whose link sets the new password', async () => {
    const delivered = nextMail();
    const res = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'Elodie@exemple.fr' } });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: FORGOT_PASSWORD_SENT });

    await t.drain();
    const mail = await delivered;
    expect(t.mailer.sent).toHaveLength(0); // the real mailer was used, not the memory one
    expect(mail.to).toEqual(['elodie@exemple.fr']);
    const text = decode(mail.raw);
    expect(text).toMatch(/^Subject: Réinitialisation de votre mot de passe RFS Assistance/m);
    expect(text).toContain('Bonjour Élodie Bérénger,');
    expect(text).toContain('Vous n’êtes pas à l’origine de cette demande ?');
    const token = /https:\/\/support\.exemple\.fr\/reset-password\?token=([A-Za-z0-9_-]{43})/.exec(text)?.[1];
    expect(token, text).toBeDefined();

    const reset = await t.app.inject({ method: 'POST', url: '/api/auth/reset-password', payload: { token, newPassword: 'Mistral-Gagnant-2026' } });
    expect(reset.statusCode, reset.body).toBe(200);
    await clientLogin(t, 'eberenger', 'Mistral-Gagnant-2026');
  });

  it('sends nothing for an unknown address, with the same answer', async () => {
    const before = received.length;
    const unknown = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'personne@exemple.fr' } });
    expect(unknown.json()).toEqual({ message: FORGOT_PASSWORD_SENT });
    // Mails leave in order: the next one to arrive is the known account's, and it is the only one.
    const delivered = nextMail();
    const known = await t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email: 'eberenger' } });
    expect(known.body).toBe(unknown.body);
    await t.drain();
    expect((await delivered).to).toEqual(['elodie@exemple.fr']);
    expect(received).toHaveLength(before + 1);
  });
});
