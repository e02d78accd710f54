import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { inboxItems } from '#server/db/schema.ts';
import type { InboxItemDto } from '#shared/inbox/inbox-api.ts';
import { staffLogin } from '#server/test/fixtures.ts';
import { VALID_REGISTRATION as valid } from '#shared/common/test-inputs.ts';

// The route allows 10 submissions a minute per address: each call gets its own address so tests stay independent.
let nextIp = 1;
const freshIp = () => `10.0.${Math.floor(nextIp / 250)}.${(nextIp++ % 250) + 1}`;

describe('POST /api/register', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  const post = (payload: unknown, extra: { headers?: Record<string, string>; ip?: string } = {}) =>
    t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: payload as object,
      headers: extra.headers,
      remoteAddress: extra.ip ?? freshIp(),
    });
  const rowsFor = (email: string) =>
    t.db
      .select()
      .from(inboxItems)
      .where(sql`lower(${inboxItems.email}) = lower(${email})`);
  const countAll = async () => (await t.db.select({ n: sql<number>`count(*)::int` }).from(inboxItems))[0]!.n;

  it('stores a valid registration and answers 201', async () => {
    const email = 'valide@exemple.fr';
    const res = await post({ ...valid, email });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toEqual({ message: 'Demande enregistrée' });
    const rows = await rowsFor(email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      kind: 'registration',
      status: 'pending',
      name: 'Jeanne Dupont',
      email,
      firstName: 'Jeanne',
      lastName: 'Dupont',
      phone: '06 12 34 56 78',
      planId: 'pro',
      deviceType: 'macbook',
      deviceInfo: 'MacBook Air 2020, macOS Sonoma',
      captchaAnswer: null,
      clientId: null,
    });
  });

  it('trims what it stores', async () => {
    const email = 'espaces@exemple.fr';
    const res = await post({
      ...valid,
      firstName: '  Jeanne ',
      email: `  ${email} `,
      deviceInfo: '  PC Dell Inspiron 2019  ',
    });
    expect(res.statusCode).toBe(201);
    const [row] = await rowsFor(email);
    expect(row).toMatchObject({ firstName: 'Jeanne', email, deviceInfo: 'PC Dell Inspiron 2019' });
  });

  it.each([
    ['firstName', 'J', 'Le prénom doit contenir au moins 2 caractères'],
    ['lastName', '', 'Le nom doit contenir au moins 2 caractères'],
    ['email', 'jeanne@exemple', 'Adresse email invalide'],
    ['phone', '06 12', 'Numéro de téléphone invalide'],
    ['planId', 'premium', 'Veuillez sélectionner un plan'],
    ['planId', '', 'Veuillez sélectionner un plan'],
    ['deviceType', 'android', "Veuillez sélectionner le type d'appareil"],
    ['deviceInfo', 'Mac', 'Veuillez décrire votre appareil (marque, modèle, etc.)'],
    ['firstName', 'a'.repeat(101), 'Ce champ ne peut pas dépasser 100 caractères'],
    // Half of a character (a tool's JSON): the live notice to staff carries the name in a JSON column, which refused it.
    ['lastName', 'Dupont\ud800', 'Ce champ contient des caractères non autorisés'],
    ['firstName', 'Jea\u0000nne', 'Ce champ contient des caractères non autorisés'],
  ] as const)('%s = %j → 400 « %s », nothing stored', async (field, value, message) => {
    const before = await countAll();
    const res = await post({ ...valid, email: `champ.${field}@exemple.fr`, [field]: value });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.fieldErrors).toEqual({ [field]: [message] });
    // One invalid field: the message names it directly.
    expect(body.message).toBe(message);
    expect(await countAll()).toBe(before);
  });

  it('a missing field is reported with its French message', async () => {
    const { phone: _phone, ...withoutPhone } = valid;
    const res = await post(withoutPhone);
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toEqual({ phone: ['Numéro de téléphone invalide'] });
  });

  it('no body at all → 400 with every field', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/register', remoteAddress: freshIp() });
    expect(res.statusCode).toBe(400);
    const body = res.json();
    expect(body.message).toBe('Certains champs sont invalides : corrigez les erreurs indiquées.');
    expect(Object.keys(body.fieldErrors).sort()).toEqual([
      'acceptCgv',
      'deviceInfo',
      'deviceType',
      'email',
      'firstName',
      'lastName',
      'phone',
      'planId',
    ]);
  });

  it('an empty JSON body → 400 in French', async () => {
    const res = await post(undefined, { headers: { 'content-type': 'application/json' } });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Le corps de la requête est vide.');
  });

  it('a JSON array or null → 400 with field errors, not a crash', async () => {
    for (const payload of ['[]', 'null', '"texte"', '42']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/register',
        payload,
        headers: { 'content-type': 'application/json' },
        remoteAddress: freshIp(),
      });
      expect(res.statusCode, payload).toBe(400);
      expect(res.json().message, payload).toMatch(/[a-zé]/);
    }
  });

  it('malformed JSON → 400 in French', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: '{"firstName": "Jeanne",',
      headers: { 'content-type': 'application/json' },
      remoteAddress: freshIp(),
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Le corps de la requête n’est pas un JSON valide.');
  });

  it('text/plain → 415 (a cross-site form could send it without a preflight)', async () => {
    const before = await countAll();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: JSON.stringify({ ...valid, email: 'texte@exemple.fr' }),
      headers: { 'content-type': 'text/plain' },
      remoteAddress: freshIp(),
    });
    expect(res.statusCode).toBe(415);
    expect(res.json().message).toBe('Format de requête non pris en charge : envoyez du JSON.');
    expect(await countAll()).toBe(before);
  });

  it('a form-encoded body → 415', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: 'firstName=Jeanne',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      remoteAddress: freshIp(),
    });
    expect(res.statusCode).toBe(415);
  });

  it('a body over 100 kB → 413 in French', async () => {
    const res = await post({ ...valid, deviceInfo: 'x'.repeat(101 * 1024) });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe('La requête est trop volumineuse (100 Ko au maximum).');
  });

  it('ignores unknown fields: no error, nothing of them stored', async () => {
    const email = 'inconnus@exemple.fr';
    const res = await post({
      ...valid,
      email,
      status: 'replied',
      kind: 'contact',
      id: 999_999,
      clientId: 1,
      captchaAnswer: '42',
      isAdmin: true,
    });
    expect(res.statusCode).toBe(201);
    const [row] = await rowsFor(email);
    expect(row).toMatchObject({ kind: 'registration', status: 'pending', clientId: null, captchaAnswer: null });
    expect(row!.id).not.toBe(999_999);
  });

  it('a later registration for the same e-mail (other case) → 201, kept apart: nothing of the first is changed', async () => {
    const first = await post({ ...valid, email: 'double@exemple.fr' });
    expect(first.statusCode).toBe(201);
    const [before] = await rowsFor('double@exemple.fr');
    const stranger = {
      ...valid,
      email: 'DOUBLE@Exemple.FR',
      firstName: 'Mallory',
      lastName: 'Intrus',
      phone: '07 99 99 99 99',
      planId: 'basique',
    };
    const second = await post(stranger);
    expect(second.statusCode).toBe(201);
    // Word for word the first answer: nothing tells that this e-mail had already registered.
    expect(second.json()).toEqual(first.json());
    const rows = await rowsFor('double@exemple.fr');
    expect(rows).toHaveLength(2);
    expect(rows.find((r) => r.id === before!.id)).toEqual(before);
    expect(rows.find((r) => r.id !== before!.id)).toMatchObject({
      status: 'pending',
      firstName: 'Mallory',
      lastName: 'Intrus',
      phone: '07 99 99 99 99',
      email: 'DOUBLE@Exemple.FR',
      planId: 'basique',
    });
  });

  it('shows staff both pending registrations for one e-mail as possible duplicates of each other', async () => {
    await post({ ...valid, email: 'doublon@exemple.fr' });
    await post({ ...valid, email: 'Doublon@exemple.fr', firstName: 'Autre', lastName: 'Personne' });
    await post({ ...valid, email: 'seule@exemple.fr' });
    const staff = await staffLogin(t);
    const list = async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/admin/contacts?kind=registration&limit=200',
        headers: staff,
      });
      expect(res.statusCode).toBe(200);
      return res.json<InboxItemDto[]>();
    };
    const items = await list();
    const [genuine, later] = items
      .filter((r) => r.email.toLowerCase() === 'doublon@exemple.fr')
      .sort((x, y) => x.id - y.id);
    expect(genuine!.duplicates).toEqual([{ id: later!.id, name: 'Autre Personne', createdAt: later!.createdAt }]);
    expect(later!.duplicates).toEqual([{ id: genuine!.id, name: 'Jeanne Dupont', createdAt: genuine!.createdAt }]);
    expect(items.find((r) => r.email === 'seule@exemple.fr')!.duplicates).toEqual([]);

    // Staff close the stranger's request: the marker goes from the genuine one, which is unchanged.
    const closed = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/contacts/${later!.id}`,
      headers: staff,
      payload: { status: 'closed' },
    });
    expect(closed.json<InboxItemDto>().duplicates).toEqual([]);
    const after = (await list()).find((r) => r.id === genuine!.id)!;
    expect(after).toEqual({ ...genuine, duplicates: [] });
  });

  it('a new registration is accepted once the earlier one is no longer pending', async () => {
    const email = 'relance@exemple.fr';
    expect((await post({ ...valid, email })).statusCode).toBe(201);
    await t.db.update(inboxItems).set({ status: 'closed' }).where(eq(inboxItems.email, email));
    expect((await post({ ...valid, email })).statusCode).toBe(201);
    expect(await rowsFor(email)).toHaveLength(2);
  });

  it('stores SQL and HTML verbatim, as text', async () => {
    const email = 'injection@exemple.fr';
    const sqlText = "Robert'); DROP TABLE requests;--";
    const html = '<script>alert(1)</script>';
    const res = await post({ ...valid, email, firstName: sqlText, lastName: html, deviceInfo: `${html} ${sqlText}` });
    expect(res.statusCode).toBe(201);
    const [row] = await rowsFor(email);
    expect(row).toMatchObject({
      firstName: sqlText,
      lastName: html,
      deviceInfo: `${html} ${sqlText}`,
      name: `${sqlText} ${html}`,
    });
    expect(await countAll()).toBeGreaterThan(0);
  });

  it('refuses a cross-site Origin with 403 and stores nothing', async () => {
    const before = await countAll();
    const res = await post(
      { ...valid, email: 'csrf@exemple.fr' },
      { headers: { origin: 'https://site-malveillant.example' } },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe('Requête refusée : origine non autorisée.');
    const fetchSite = await post(
      { ...valid, email: 'csrf2@exemple.fr' },
      { headers: { 'sec-fetch-site': 'cross-site' } },
    );
    expect(fetchSite.statusCode).toBe(403);
    expect(await countAll()).toBe(before);
  });

  it('accepts its own Origin', async () => {
    const res = await post({ ...valid, email: 'origine@exemple.fr' }, { headers: { origin: t.config.PUBLIC_URL } });
    expect(res.statusCode).toBe(201);
  });

  it('limits one address to 10 submissions a minute, in French', async () => {
    const ip = freshIp();
    const codes: number[] = [];
    for (let i = 0; i < 11; i++)
      codes.push((await post({ ...valid, email: `limite${i}@exemple.fr`, planId: 'x' }, { ip })).statusCode);
    expect(codes.slice(0, 10).every((c) => c === 400)).toBe(true);
    const res = await post({ ...valid, email: 'limite@exemple.fr' }, { ip });
    expect(res.statusCode).toBe(429);
    expect(res.json().message).toBe('Trop de tentatives. Patientez un instant puis réessayez.');
    expect(codes[10]).toBe(429);
  });
});
