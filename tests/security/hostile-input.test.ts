import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orders, inboxItems } from '#server/db/schema.ts';
import { validOrder } from '#server/test/fixtures.ts';
import { pdfText } from '#server/test/pdf-text.ts';
import type { OrderCreated, OrderDto } from '#shared/orders/order-api.ts';
import type { InboxItemDto } from '#shared/inbox/inbox-api.ts';
import { buildWorld, freshAddress, type World } from './world.ts';

// What an attacker types into a text field: SQL, markup, template syntax, format strings.
const HOSTILE = [
  "Robert'); DROP TABLE clients;--",
  '<script>alert(1)</script>',
  '<img src=x onerror=alert(1)>',
  '" onmouseover="alert(1)" x="',
  '{{7*7}} ${7*7} #{7*7}',
  '%s%n%x %d',
  '\\x00 \\u0000 backslashes \\\\',
];
// Unicode a person may paste, valid but unusual: stored and returned unchanged.
const UNUSUAL = ['Zoé\u200BMartin', 'Ana\u00A0Lopez', 'Łukasz Żółć', 'Émile 🐧 Dupuis'];
// Characters with no place in a name or a message: refused with a French message, never a 500.
const FORBIDDEN = ['Jean\u0000Dupont', 'Jean\u202EtnopuD', 'Jean\u0007Dupont', 'Jean\u2066Dupont'];

describe('[SECURITY][INPUT] hostile text is stored verbatim and stays inert', () => {
  let w: World;
  beforeAll(async () => {
    w = await buildWorld();
  });
  afterAll(async () => w.t.close());

  it('stores SQL and markup in an order exactly as typed, returns it as data, and prints it as text on the invoice', async () => {
    for (const [i, hostile] of HOSTILE.entries()) {
      const res = await w.t.app.inject({
        method: 'POST',
        url: '/api/admin/manual-orders',
        headers: w.staff,
        payload: validOrder({ clientName: hostile, clientEmail: `hostile${i}@exemple.fr`, notes: hostile }),
      });
      expect(res.statusCode, `${hostile}: ${res.body}`).toBe(201);
      const { id } = res.json<OrderCreated>();
      const list = await w.t.app.inject({
        method: 'GET',
        url: `/api/admin/manual-orders?email=hostile${i}@exemple.fr`,
        headers: w.staff,
      });
      const [order] = list.json<OrderDto[]>();
      expect(order).toMatchObject({ id, clientName: hostile, notes: hostile });
      expect(list.headers['content-type']).toMatch(/^application\/json/);
      const pdf = await w.t.app.inject({
        method: 'GET',
        url: `/api/admin/manual-orders/${id}/receipt`,
        headers: w.staff,
      });
      expect(pdf.statusCode).toBe(200);
      expect((await pdfText(pdf.rawPayload)).replace(/\s+/g, ' ')).toContain(hostile.replace(/\s+/g, ' '));
    }
    // The tables an injection would have touched are intact.
    expect(await w.t.db.$count(orders)).toBeGreaterThanOrEqual(HOSTILE.length + 2);
  });

  it('stores hostile and unusual text of a registration verbatim for staff', async () => {
    for (const name of [...HOSTILE, ...UNUSUAL]) {
      const res = await w.t.app.inject({
        method: 'POST',
        url: '/api/register',
        remoteAddress: freshAddress(),
        payload: {
          firstName: name,
          lastName: name,
          email: `r${name.length}x${Math.random().toString(36).slice(2)}@exemple.fr`,
          phone: '06 11 22 33 44',
          planId: 'pro',
          deviceType: 'macbook',
          deviceInfo: name.padEnd(5, '.'),
          acceptCgv: true,
        },
      });
      expect(res.statusCode, `${JSON.stringify(name)}: ${res.body}`).toBe(201);
    }
    const list = await w.t.app.inject({
      method: 'GET',
      url: '/api/admin/contacts?kind=registration&limit=200',
      headers: w.staff,
    });
    const firstNames = list.json<InboxItemDto[]>().map((r) => r.firstName);
    for (const name of [...HOSTILE, ...UNUSUAL]) expect(firstNames).toContain(name);
  });

  it("stores a client's hostile request text verbatim and shows it back to that client only", async () => {
    for (const hostile of HOSTILE) {
      const res = await w.t.app.inject({
        method: 'POST',
        url: '/api/client/interventions',
        headers: w.alice.headers,
        payload: { description: hostile, urgency: 'low', deviceType: 'mac', deviceInfo: hostile },
      });
      expect(res.statusCode, res.body).toBe(201);
      expect(res.json()).toMatchObject({ description: hostile, deviceInfo: hostile });
    }
    const bruno = await w.t.app.inject({
      method: 'GET',
      url: '/api/client/interventions?limit=200',
      headers: w.bruno.headers,
    });
    expect(bruno.body).not.toContain('DROP TABLE');
  });

  it('refuses control and direction-override characters with a French message, and stores nothing', async () => {
    const before = await w.t.db.$count(inboxItems);
    for (const name of FORBIDDEN) {
      const res = await w.t.app.inject({
        method: 'POST',
        url: '/api/register',
        remoteAddress: freshAddress(),
        payload: {
          firstName: name,
          lastName: 'Dupont',
          email: 'ctrl@exemple.fr',
          phone: '06 11 22 33 44',
          planId: 'pro',
          deviceType: 'macbook',
          deviceInfo: 'MacBook Air',
        },
      });
      expect(res.statusCode, JSON.stringify(name)).toBe(400);
      expect(res.json().fieldErrors.firstName[0]).toMatch(/caractères/);
    }
    for (const notes of FORBIDDEN) {
      const res = await w.t.app.inject({
        method: 'POST',
        url: '/api/admin/manual-orders',
        headers: w.staff,
        payload: validOrder({ notes }),
      });
      expect(res.statusCode, JSON.stringify(notes)).toBe(400);
    }
    expect(await w.t.db.$count(inboxItems)).toBe(before);
  });
});

describe('[SECURITY][INPUT] malformed requests are 4xx in French, never 500', () => {
  let w: World;
  beforeAll(async () => {
    w = await buildWorld();
  });
  afterAll(async () => w.t.close());

  const post = (url: string, body: string | Buffer, headers: Record<string, string> = {}) =>
    w.t.app.inject({
      method: 'POST',
      url,
      payload: body,
      remoteAddress: freshAddress(),
      headers: { 'content-type': 'application/json', ...headers },
    });

  it('refuses an oversized body with 413', async () => {
    const res = await post('/api/register', JSON.stringify({ firstName: 'x'.repeat(200 * 1024) }));
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toMatch(/volumineuse/);
  });

  it('refuses deeply nested JSON without a stack overflow', async () => {
    for (const depth of [1_000, 100_000]) {
      const res = await post('/api/register', `${'['.repeat(depth)}${']'.repeat(depth)}`);
      expect(res.statusCode, String(depth)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode, String(depth)).toBeLessThan(500);
      const nested = await post(
        '/api/admin/manual-orders',
        JSON.stringify(validOrder({ notes: JSON.parse(`${'['.repeat(depth)}${']'.repeat(depth)}`) as never })),
        w.staff,
      );
      expect(nested.statusCode, String(depth)).toBeGreaterThanOrEqual(400);
      expect(nested.statusCode, String(depth)).toBeLessThan(500);
    }
  });

  it('answers every odd body on every public and client write with a 4xx and a French message', async () => {
    const bodies: Array<[string, string | Buffer]> = [
      ['empty', ''],
      ['not JSON', '{firstName:'],
      ['invalid UTF-8', Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d])],
      ['a string', '"bonjour"'],
      ['a number', '42'],
      ['null', 'null'],
      ['an array', '[1,2,3]'],
      ['lone surrogate', '{"firstName":"\\ud800","lastName":"\\udfff"}'],
      ['__proto__', '{"__proto__":{"admin":true},"constructor":{"prototype":{"admin":true}}}'],
      ['wrong types', '{"firstName":1,"lastName":true,"email":[],"phone":{},"planId":null}'],
    ];
    const targets: Array<[string, Record<string, string>]> = [
      ['/api/register', {}],
      ['/api/contact', {}],
      ['/api/admin/login', {}],
      ['/api/client/login', {}],
      ['/api/auth/login', {}],
      ['/api/client/interventions', w.alice.headers],
      ['/api/interventions', w.alice.headers],
      ['/api/admin/manual-orders', w.staff],
    ];
    for (const [url, headers] of targets) {
      for (const [name, body] of bodies) {
        const res = await post(url, body, headers);
        const label = `${url} with ${name}: ${res.statusCode} ${res.body.slice(0, 100)}`;
        // POST /api/interventions takes an empty or partial body on purpose: its defaults fill in.
        if (res.statusCode === 201) {
          expect(url, label).toBe('/api/interventions');
          continue;
        }
        expect(res.statusCode, label).toBeGreaterThanOrEqual(400);
        expect(res.statusCode, label).toBeLessThan(500);
        expect(res.json().message, label).toMatch(/[a-zàâçéèêëîïôûùüÿœ]/i);
        expect(res.json().message, label).not.toMatch(/Bad Request|Unsupported|Internal|Error:|must be|expected/i);
      }
    }
    expect(({} as Record<string, unknown>).admin).toBeUndefined();
  });

  it('answers odd paths, queries and headers without a 500', async () => {
    const urls = [
      '/api/admin/manual-orders?limit=-1',
      '/api/admin/manual-orders?limit=abc&offset=1e309',
      '/api/admin/manual-orders?q=%00',
      '/api/admin/manual-orders?q=%E0%A4%A',
      '/api/admin/manual-orders/99999999999',
      '/api/admin/manual-orders/1e3/receipt',
      '/api/admin/manual-orders/-1/receipt',
      '/api/admin/manual-orders/0x10/receipt',
      '/api/verify-invoice/%00',
      '/api/verify-invoice/%',
      `/api/verify-invoice/${'A'.repeat(5000)}`,
      '/api/client/interventions?offset=99999999999999999999',
      '/api/admin/audit?entity=%27',
    ];
    for (const url of urls) {
      const res = await w.t.app.inject({
        method: 'GET',
        url,
        headers: { ...w.staff, ...(url.includes('/client/') ? w.alice.headers : {}) },
      });
      expect(res.statusCode, `${url}: ${res.body.slice(0, 100)}`).toBeLessThan(500);
    }
    const weird = await w.t.app.inject({
      method: 'GET',
      url: '/api/admin/manual-orders',
      headers: { ...w.staff, 'x-forwarded-for': 'pas une adresse', 'content-length': 'abc' },
    });
    expect(weird.statusCode).toBeLessThan(500);
  });
});
