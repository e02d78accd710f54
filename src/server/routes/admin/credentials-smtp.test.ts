import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness';
import { postOrder, staffLogin } from '../../test/fixtures';

type Received = { from: string; to: string[]; raw: string };

describe('[ADMIN][MAIL] credentials reach a real SMTP server', () => {
  let t: TestApp;
  let server: SMTPServer;
  const received: Received[] = [];

  beforeAll(async () => {
    server = new SMTPServer({
      authOptional: true,
      disabledCommands: ['STARTTLS'],
      logger: false,
      onData(stream, session, callback) {
        const chunks: Buffer[] = [];
        stream.on('data', (c: Buffer) => chunks.push(c));
        stream.on('end', () => {
          received.push({
            from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
            to: session.envelope.rcptTo.map((r) => r.address),
            raw: Buffer.concat(chunks).toString('utf8'),
          });
          callback();
        });
      },
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.server.address() as AddressInfo;
    t = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}`, MAIL_FROM: 'RFS Assistance <contact@rfs.example>' }, { realMailer: true });
  });
  afterAll(async () => {
    await t.close();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  it('sends the username, the password and the sign-in link', async () => {
    const staff = await staffLogin(t);
    const created = await postOrder(t, staff, { clientName: 'Élodie Bérénger', clientEmail: 'elodie@exemple.fr', username: 'eberenger', password: 'Soleil-du-Midi-42' });
    expect(created.credentials).toEqual({ username: 'eberenger', password: 'Soleil-du-Midi-42' });
    expect(received).toHaveLength(0); // queued with the order, not sent by the request
    await t.drain();
    expect(t.mailer.sent).toHaveLength(0); // not the memory mailer
    // The order is paid: its invoice follows in a message of its own.
    expect(received).toHaveLength(2);
    const mail = received.find((m) => /^Subject: Vos identifiants/m.test(m.raw))!;
    expect(mail.from).toBe('contact@rfs.example');
    expect(mail.to).toEqual(['elodie@exemple.fr']);
    // Decode quoted-printable soft line breaks and escapes to read the French text.
    const body = mail.raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_m, h: string) => String.fromCharCode(parseInt(h, 16)));
    const text = Buffer.from(body, 'latin1').toString('utf8');
    expect(text).toContain('Nom d’utilisateur : eberenger');
    expect(text).toContain('Mot de passe : Soleil-du-Midi-42');
    expect(text).toContain('http://localhost:3000/client/login');
    expect(mail.raw).toMatch(/^Subject: Vos identifiants RFS Assistance/m);
  });
});
