import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { inboxItems } from '#server/db/schema.ts';
import type { CaptchaChallenge } from '#shared/inbox/contact.ts';

const message = {
  name: 'Jeanne Dupont',
  email: 'jeanne@exemple.fr',
  subject: 'Ordinateur lent',
  message: 'Bonjour, mon ordinateur met dix minutes à démarrer.',
};

/** Reads "Combien font 3 + 4 ?" as a visitor would. */
function solve(question: string): number {
  const m = /(\d+)\s*\+\s*(\d+)/.exec(question);
  if (!m) throw new Error(`unexpected question: ${question}`);
  return Number(m[1]) + Number(m[2]);
}

let nextIp = 1;
const freshIp = () => `10.1.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`;

describe('contact API', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const captcha = async (): Promise<CaptchaChallenge> => {
    const res = await t.app.inject({ method: 'GET', url: '/api/contact/captcha' });
    expect(res.statusCode).toBe(200);
    return res.json();
  };
  const post = (payload: unknown, headers?: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: payload as object,
      headers,
      remoteAddress: freshIp(),
    });
  const rowsFor = (email: string) =>
    t.db
      .select()
      .from(inboxItems)
      .where(sql`lower(${inboxItems.email}) = lower(${email})`);
  const countAll = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(inboxItems))[0]!.n;

  it('GET /api/contact/captcha gives a French question and a token, never cached', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/contact/captcha' });
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body.question).toMatch(/^Combien font \d \+ \d \?$/);
    expect(typeof body.token).toBe('string');
  });

  it('stores a message whose question is answered, with status pending and the answer', async () => {
    const c = await captcha();
    const answer = String(solve(c.question));
    const email = 'contact.ok@exemple.fr';
    const res = await post({ ...message, email, captchaToken: c.token, captchaAnswer: answer });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ id: expect.any(Number), message: 'Message envoyé' });
    const rows = await rowsFor(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'contact',
      status: 'pending',
      name: 'Jeanne Dupont',
      email,
      subject: 'Ordinateur lent',
      message: message.message,
      captchaAnswer: answer,
      planId: null,
      deviceType: null,
    });
  });

  it('accepts the answer written in words', async () => {
    const words = [
      'zéro',
      'un',
      'deux',
      'trois',
      'quatre',
      'cinq',
      'six',
      'sept',
      'huit',
      'neuf',
      'dix',
      'onze',
      'douze',
      'treize',
      'quatorze',
      'quinze',
      'seize',
      'dix-sept',
      'dix-huit',
    ];
    const c = await captcha();
    const res = await post({
      ...message,
      email: 'en.lettres@exemple.fr',
      captchaToken: c.token,
      captchaAnswer: words[solve(c.question)],
    });
    expect(res.statusCode).toBe(201);
  });

  it('a wrong answer → 400 with fieldErrors.captchaAnswer, nothing stored', async () => {
    const c = await captcha();
    const before = await countAll();
    const res = await post({
      ...message,
      email: 'faux@exemple.fr',
      captchaToken: c.token,
      captchaAnswer: String(solve(c.question) + 1),
    });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.code).toBe('CAPTCHA');
    expect(body.fieldErrors).toEqual({ captchaAnswer: ['Réponse incorrecte, essayez à nouveau'] });
    expect(body.message).toMatch(/^Réponse incorrecte/);
    expect(await countAll()).toBe(before);
  });

  it('a forged token → 400, nothing stored', async () => {
    const before = await countAll();
    const res = await post({ ...message, captchaToken: `${Date.now() + 60_000}.abc.def`, captchaAnswer: '5' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toHaveProperty('captchaAnswer');
    expect(await countAll()).toBe(before);
  });

  it.each([
    ['name', 'J', 'Le nom doit contenir au moins 2 caractères'],
    ['email', 'jeanne@', 'Adresse email invalide'],
    ['captchaAnswer', '', 'Veuillez répondre à la question de sécurité'],
    ['captchaToken', '', 'Veuillez recharger la question de sécurité'],
    ['subject', 'a'.repeat(201), 'Ce champ ne peut pas dépasser 200 caractères'],
  ] as const)('%s = %j → 400 « %s »', async (field, value, text) => {
    const c = await captcha();
    const payload = { ...message, captchaToken: c.token, captchaAnswer: String(solve(c.question)), [field]: value };
    const res = await post(payload);
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ [field]: [text] });
  });

  it('a message of 9 characters is refused, 10 accepted', async () => {
    const c = await captcha();
    const res = await post({
      ...message,
      message: 'Aidez-moi',
      captchaToken: c.token,
      captchaAnswer: String(solve(c.question)),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ message: ['Le message doit contenir au moins 10 caractères'] });
    const c2 = await captcha();
    const ok = await post({
      ...message,
      email: 'dix@exemple.fr',
      message: 'Au secours',
      captchaToken: c2.token,
      captchaAnswer: String(solve(c2.question)),
    });
    expect(ok.statusCode).toBe(201);
  });

  it('no body → 400 naming every required field', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/contact', remoteAddress: freshIp() });
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json().fieldErrors).sort()).toEqual([
      'captchaAnswer',
      'captchaToken',
      'email',
      'message',
      'name',
    ]);
  });

  it('malformed JSON → 400, text/plain → 415, over 100 kB → 413', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: '{oops',
      headers: { 'content-type': 'application/json' },
      remoteAddress: freshIp(),
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Le corps de la requête n’est pas un JSON valide.');
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/contact',
      payload: JSON.stringify(message),
      headers: { 'content-type': 'text/plain' },
      remoteAddress: freshIp(),
    });
    expect(text.statusCode).toBe(415);
    const big = await post({ ...message, message: 'x'.repeat(101 * 1024), captchaToken: 't', captchaAnswer: '1' });
    expect(big.statusCode).toBe(413);
  });

  it('ignores unknown fields and stores SQL/HTML verbatim', async () => {
    const c = await captcha();
    const email = 'verbatim@exemple.fr';
    const evil = "<script>alert(1)</script> Robert'); DROP TABLE requests;--";
    const res = await post({
      ...message,
      email,
      message: evil,
      status: 'replied',
      kind: 'registration',
      planId: 'pro',
      captchaToken: c.token,
      captchaAnswer: String(solve(c.question)),
    });
    expect(res.statusCode).toBe(201);
    const [row] = await rowsFor(email);
    expect(row).toMatchObject({ kind: 'contact', status: 'pending', planId: null, message: evil });
  });

  it('refuses a cross-site Origin with 403', async () => {
    const c = await captcha();
    const before = await countAll();
    const res = await post(
      { ...message, captchaToken: c.token, captchaAnswer: String(solve(c.question)) },
      { origin: 'https://ailleurs.example' },
    );
    expect(res.statusCode).toBe(403);
    expect(await countAll()).toBe(before);
  });
});

describe('contact API on several instances, without SESSION_SECRET', () => {
  // No setting copied by hand: the question's secret is drawn once and kept in the database they share.
  const unset = { SESSION_SECRET: undefined } as unknown as Record<string, string>;
  let one: TestApp;
  let two: TestApp;
  beforeAll(async () => {
    one = await createTestApp(unset);
    two = await createTestApp(unset, { database: one.database });
  });
  afterAll(async () => {
    await two.close();
    await one.close();
  });

  it('accepts on one instance the answer to a question another one asked', async () => {
    const c = (await one.app.inject({ method: 'GET', url: '/api/contact/captcha' })).json<CaptchaChallenge>();
    const res = await two.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress: freshIp(),
      payload: {
        ...message,
        email: 'instances@exemple.fr',
        captchaToken: c.token,
        captchaAnswer: String(solve(c.question)),
      },
    });
    expect(res.statusCode, res.body).toBe(201);
  });
});
