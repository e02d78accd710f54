import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { decodeMail, startSmtpPeer } from '#server/test/smtp-peer.ts';
import { postOrder, staffLogin } from '#server/test/fixtures.ts';

describe('[ADMIN][MAIL] credentials reach a real SMTP server', () => {
  let t: TestApp;
  let peer: Awaited<ReturnType<typeof startSmtpPeer>>;

  beforeAll(async () => {
    peer = await startSmtpPeer();
    t = await createTestApp(
      { SMTP_URL: peer.url, MAIL_FROM: 'RFS Assistance <contact@rfs.example>' },
      { realMailer: true },
    );
  });
  afterAll(async () => {
    await t.close();
    await peer.stop();
  });

  it('sends the username, the password and the sign-in link', async () => {
    const staff = await staffLogin(t);
    const created = await postOrder(t, staff, {
      clientName: 'Élodie Bérénger',
      clientEmail: 'elodie@exemple.fr',
      username: 'eberenger',
      password: 'Soleil-du-Midi-42',
    });
    expect(created.credentials).toEqual({ username: 'eberenger', password: 'Soleil-du-Midi-42' });
    const received = peer.received;
    expect(received).toHaveLength(0); // queued with the order, not sent by the request
    await t.drain();
    expect(t.mailer.sent).toHaveLength(0); // not the memory mailer
    // The order is paid: its invoice and its contract confirmation follow in messages of their own.
    expect(received).toHaveLength(3);
    const mail = received.find((m) => /^Subject: Vos identifiants/m.test(m.raw))!;
    expect(mail.from).toBe('contact@rfs.example');
    expect(mail.to).toEqual(['elodie@exemple.fr']);
    // Quoted-printable back to the French text.
    const text = decodeMail(mail.raw);
    expect(text).toContain('Nom d’utilisateur : eberenger');
    expect(text).toContain('Mot de passe : Soleil-du-Midi-42');
    expect(text).toContain('http://localhost:3000/client/login');
    expect(mail.raw).toMatch(/^Subject: Vos identifiants RFS Assistance/m);
  });
});
