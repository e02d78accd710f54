import { eq } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { clientSessions, clients, passwordResetTokens } from '#server/db/schema.ts';
import { FORGOT_PASSWORD_SENT, RESET_LINK_INVALID } from '#shared/clients/client-api.ts';
import { hashSessionToken } from '#server/services/security/sessions.ts';
import { clientLogin, postOrder, staffLogin } from '#server/test/fixtures.ts';

const JEAN = { username: 'jdupont', password: 'motdepasse-client-A', email: 'jean.dupont@exemple.fr' };
const HOUR = 60 * 60 * 1000;

describe('[CLIENT][RESET] « Mot de passe oublié »: an e-mailed single-use link valid one hour', () => {
  let t: TestApp;
  let jeanId: number;
  let address = 0;

  beforeAll(async () => {
    t = await createTestApp({ PUBLIC_URL: 'https://support.exemple.fr', SITE_NAME: 'RFS Assistance' });
    const staff = await staffLogin(t);
    const created = await postOrder(t, staff, {
      clientName: 'Jean Dupont',
      clientEmail: JEAN.email,
      username: JEAN.username,
      password: JEAN.password,
    });
    jeanId = created.order.clientId!;
    // An order without credentials: a client row that never had a password.
    await postOrder(t, staff, { clientName: 'Paul Sans Compte', clientEmail: 'paul@exemple.fr' });
    await t.drain(); // the orders' own messages leave before the tests count theirs
  });
  afterAll(async () => t.close());
  // Each test starts with no link and the real clock (the hourly count must not carry over from a moved clock).
  afterEach(async () => {
    vi.useRealTimers();
    await t.db.delete(passwordResetTokens);
  });

  /** Each test asks from its own address, so the per-address limit is only met where it is tested. */
  const forgot = (email: unknown, remoteAddress = `10.0.0.${++address}`) =>
    t.app.inject({ method: 'POST', url: '/api/auth/forgot-password', payload: { email }, remoteAddress });
  const reset = (token: string, newPassword: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/reset-password',
      payload: { token, newPassword },
      remoteAddress: `10.1.0.${++address}`,
    });

  /** Asks for a link for Jean and returns the token read from the e-mail. */
  async function linkFromMail(login = JEAN.email) {
    const sent = t.mailer.sent.length;
    const res = await forgot(login);
    expect(res.statusCode).toBe(200);
    await t.drain();
    expect(t.mailer.sent).toHaveLength(sent + 1);
    const mail = t.mailer.sent.at(-1)!;
    const token = /https:\/\/support\.exemple\.fr\/reset-password\?token=([A-Za-z0-9_-]{43})\n/.exec(mail.text)?.[1];
    expect(token, mail.text).toBeDefined();
    return { token: token!, mail };
  }

  async function passwordHashOfJean() {
    const [row] = await t.db.select({ hash: clients.passwordHash }).from(clients).where(eq(clients.id, jeanId));
    return row!.hash;
  }

  it('e-mails a link in French to the account’s address, for the e-mail or the username, and stores only its hash', async () => {
    const { token, mail } = await linkFromMail();
    expect(mail.to).toBe(JEAN.email);
    expect(mail.subject).toBe('Réinitialisation de votre mot de passe RFS Assistance');
    expect(mail.text).toContain('Bonjour Jean Dupont,');
    expect(mail.text).toContain('valable une heure');
    expect(mail.text).toContain('votre identifiant est : jdupont');
    const rows = await t.db.select().from(passwordResetTokens).where(eq(passwordResetTokens.clientId, jeanId));
    expect(JSON.stringify(rows)).not.toContain(token);
    expect(rows.map((r) => r.tokenHash)).toContain(hashSessionToken(token));

    const byUsername = await linkFromMail('JDupont');
    expect(byUsername.mail.to).toBe(JEAN.email);
  });

  it('answers the same, and sends nothing, for an unknown login or an account without a password', async () => {
    const known = await forgot(JEAN.email);
    await t.drain();
    const sent = t.mailer.sent.length;
    const rows = await t.db.$count(passwordResetTokens);
    for (const login of ['personne@exemple.fr', 'inconnu', 'paul@exemple.fr']) {
      const res = await forgot(login);
      expect(res.statusCode, login).toBe(known.statusCode);
      expect(res.body).toBe(known.body);
      expect(res.headers['content-type']).toBe(known.headers['content-type']);
    }
    expect(known.json()).toEqual({ message: FORGOT_PASSWORD_SENT });
    await t.drain();
    expect(t.mailer.sent).toHaveLength(sent);
    expect(await t.db.$count(passwordResetTokens)).toBe(rows);
  });

  it('refuses an empty field with a French message', async () => {
    const res = await forgot('   ');
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors.email).toEqual(['Saisissez votre adresse e-mail ou votre identifiant']);
    const nul = await forgot('jean\u0000@exemple.fr');
    expect(nul.statusCode).toBe(400);
  });

  it('sets the new password once: every session ends, the link cannot be used again', async () => {
    const laptop = await clientLogin(t, JEAN.username, JEAN.password);
    const phone = await clientLogin(t, JEAN.username, JEAN.password);
    const { token } = await linkFromMail();

    const res = await reset(token, 'Un-Nouveau-Secret-2026');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    for (const cookie of [laptop, phone])
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/user', headers: cookie })).statusCode).toBe(401);
    expect(await t.db.$count(clientSessions, eq(clientSessions.clientId, jeanId))).toBe(0);

    const old = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: JEAN.email, password: JEAN.password },
    });
    expect(old.statusCode).toBe(401);
    await clientLogin(t, JEAN.username, 'Un-Nouveau-Secret-2026');

    const hash = await passwordHashOfJean();
    const again = await reset(token, 'Encore-Un-Autre-Secret');
    expect(again.statusCode).toBe(400);
    expect(again.json()).toMatchObject({ message: RESET_LINK_INVALID, code: 'RESET_LINK_INVALID' });
    expect(await passwordHashOfJean()).toBe(hash);
  });

  it('keeps only the latest link: a new link asked for retires the older ones', async () => {
    const first = await linkFromMail();
    const second = await linkFromMail('jdupont');
    expect((await reset(first.token, 'Premier-Lien-Refuse-1')).json().message).toBe(RESET_LINK_INVALID);
    const ok = await reset(second.token, 'Second-Lien-Accepte-2');
    expect(ok.statusCode).toBe(200);
  });

  it('works until one hour after it was asked, not after', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = new Date();
    vi.setSystemTime(start);
    const early = await linkFromMail();
    vi.setSystemTime(start.getTime() + HOUR - 1000);
    const stillValid = await reset(early.token, 'Juste-Avant-Une-Heure');
    expect(stillValid.statusCode, stillValid.body).toBe(200);

    vi.setSystemTime(start.getTime() + 2 * HOUR);
    const late = await linkFromMail();
    const hash = await passwordHashOfJean();
    vi.setSystemTime(start.getTime() + 3 * HOUR);
    const expired = await reset(late.token, 'Une-Heure-Trop-Tard');
    expect(expired.statusCode).toBe(400);
    expect(expired.json().message).toBe(RESET_LINK_INVALID);
    expect(await passwordHashOfJean()).toBe(hash);
  });

  it('refuses an unknown or malformed link and a weak password, keeping the link usable after a weak one', async () => {
    for (const token of ['inconnu', hashSessionToken('x'), '']) {
      const res = await reset(token, 'Un-Mot-De-Passe-Solide');
      expect(res.statusCode, token).toBe(400);
    }
    expect((await reset('inconnu', 'Un-Mot-De-Passe-Solide')).json().message).toBe(RESET_LINK_INVALID);

    const { token } = await linkFromMail();
    const hash = await passwordHashOfJean();
    const weak = await reset(token, 'jdupont-2026-secret');
    expect(weak.statusCode).toBe(400);
    expect(weak.json().fieldErrors.newPassword).toEqual([
      'Le mot de passe ne doit pas contenir votre identifiant ni votre adresse e-mail',
    ]);
    const short = await reset(token, 'court');
    expect(short.json().fieldErrors.newPassword).toEqual(['Le mot de passe doit contenir au moins 12 caractères']);
    expect(await passwordHashOfJean()).toBe(hash);
    expect((await reset(token, 'Enfin-Un-Bon-Secret')).statusCode).toBe(200);
  });

  it('lets only one of two simultaneous submissions of a link through', async () => {
    const { token } = await linkFromMail();
    const both = await Promise.all([reset(token, 'Onglet-Numero-Un-1'), reset(token, 'Onglet-Numero-Deux-2')]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 400]);
  });

  it('sends at most three links an hour to one account, with the same answer beyond', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.now() + 10 * HOUR;
    vi.setSystemTime(start);
    const sent = t.mailer.sent.length;
    const answers = [];
    for (let i = 0; i < 5; i++) {
      answers.push(await forgot(i % 2 ? 'jdupont' : JEAN.email));
      await t.drain();
    }
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200, 200, 200]);
    expect(new Set(answers.map((r) => r.body)).size).toBe(1);
    expect(t.mailer.sent.length - sent).toBe(3);
    vi.setSystemTime(start + HOUR + 1000);
    await linkFromMail();
  });

  it('limits requests per address (429 in French)', async () => {
    const statuses = [];
    for (let i = 0; i < 6; i++) statuses.push((await forgot(`quelquun${i}@exemple.fr`, '192.0.2.7')).statusCode);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    const limited = await forgot('autre@exemple.fr', '192.0.2.7');
    expect(limited.json().message).toBe('Trop de tentatives. Patientez un instant puis réessayez.');
  });
});
