// Property tests of the shared schemas against the running app: what a schema accepts, the server stores and returns
// unchanged; what it rejects is a 400 whose French messages are the schema's own, never a 500.
import fc from 'fast-check';
import { desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inboxItems } from '#server/db/schema.ts';
import { HttpError, parseInput } from '#server/http-error.ts';
import type { OrderCreated } from '#shared/orders/order-api.ts';
import { clientLogin, postOrder } from '#server/test/fixtures.ts';
import { todayIso } from '#shared/format.ts';
import { PLAN_IDS } from '#shared/plans.ts';
import { CLIENT_DEVICE_TYPES, REGISTRATION_DEVICE_TYPES } from '#shared/devices/device-labels.ts';
import { ORDER_ENTRY_STATUSES, PAYMENT_METHODS } from '#shared/billing/payment-labels.ts';
import { URGENCIES } from '#shared/interventions/intervention-labels.ts';
import { registrationInputSchema } from '#shared/inbox/registration.ts';
import { orderInputSchema } from '#shared/orders/order-input.ts';
import { clientInterventionInputSchema } from '#shared/interventions/intervention-input.ts';
import { adminLoginInputSchema } from '#shared/staff/staff-login.ts';
import { clientLoginInputSchema } from '#shared/clients/client-login.ts';
import { verificationKeySchema } from '#shared/billing/invoice-verification.ts';
import { buildWorld, freshAddress, type World } from './world.ts';

// One seed for every run: the same inputs each time, so a failure is reproducible and the counts of valid inputs
// below cannot fall short by chance (they once did, 5 valid orders of 120). Change it to explore other inputs.
// Per property, not fc.configureGlobal: test files share their modules (vitest isolate: false).
const SEED = 20261124;

/** The error body parseInput gives for this input, or null when the schema accepts it. */
function expectedRejection(
  schema: z.ZodType,
  input: unknown,
): { message: string; fieldErrors?: Record<string, string[]> } | null {
  try {
    parseInput(schema, input);
    return null;
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { message: error.message, fieldErrors: error.fieldErrors };
  }
}

// Text of every kind, weighted towards what people and attackers send: plain, accented, long, blank, markup, unicode.
const anyText = fc.oneof(
  fc.string({ maxLength: 30 }),
  fc.string({ unit: 'grapheme', maxLength: 30 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom(
    '',
    '   ',
    'Zoé',
    'Jean-Marc Dupont',
    "O'Brien",
    '<b>gras</b>',
    "'; drop table clients;--",
    'x'.repeat(250),
  ),
);
const anyValue = fc.oneof(
  anyText,
  fc.integer(),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.array(fc.string(), { maxLength: 2 }),
);
const maybe = <T>(valid: fc.Arbitrary<T>) =>
  fc.oneof({ weight: 8, arbitrary: valid }, { weight: 1, arbitrary: anyValue });
// Mostly what a person types (any letters, accents, emoji, markup), sometimes too short or too long.
const words = (minLength: number, maxLength: number) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.string({ unit: 'grapheme', minLength, maxLength }) },
    { weight: 1, arbitrary: anyText },
  );
const uniqueEmail = fc.uuid().map((u) => `p-${u.slice(0, 13)}@exemple.fr`);
const phone = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom('06 12 34 56 78', '+33 6 12 34 56 78', '0612345678', '(01) 23.45.67.89') },
  { weight: 1, arbitrary: fc.string({ maxLength: 32 }) },
);

const without = <T extends object>(o: T) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined));

// Hundreds of requests per property, sign-ins hashed at the real Argon2id cost: a limit, not a wait, that holds on a
// loaded machine.
describe('[SECURITY][SCHEMAS] the server agrees with every shared schema', { timeout: 180_000 }, () => {
  let w: World;
  // How many generated inputs were valid: a property that only ever saw rejections would prove half of nothing.
  const accepted = { registration: 0, order: 0, request: 0 };
  beforeAll(async () => {
    w = await buildWorld();
  });
  afterAll(async () => {
    await w.t.close();
    expect(accepted.registration).toBeGreaterThan(5);
    expect(accepted.order).toBeGreaterThan(5);
    expect(accepted.request).toBeGreaterThan(3);
  });

  it("registration: accepted input is stored as parsed; rejected input is a 400 with the schema's messages", async () => {
    const input = fc.record(
      {
        firstName: maybe(words(2, 40)),
        lastName: maybe(words(2, 40)),
        email: maybe(uniqueEmail),
        phone: maybe(phone),
        planId: maybe(fc.constantFrom(...PLAN_IDS)),
        deviceType: maybe(fc.constantFrom(...REGISTRATION_DEVICE_TYPES)),
        deviceInfo: maybe(words(5, 80)),
        acceptCgv: maybe(fc.constant(true)),
        expressStart: maybe(fc.boolean()),
      },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(input, async (raw) => {
        const body = without(raw);
        const res = await w.t.app.inject({
          method: 'POST',
          url: '/api/register',
          payload: body,
          remoteAddress: freshAddress(),
        });
        const rejection = expectedRejection(registrationInputSchema, body);
        if (rejection) {
          expect(res.statusCode, res.body).toBe(400);
          expect(res.json()).toMatchObject(rejection);
          return;
        }
        expect(res.statusCode, res.body).toBe(201);
        accepted.registration += 1;
        const parsed = registrationInputSchema.parse(body);
        const [row] = await w.t.db
          .select()
          .from(inboxItems)
          .where(eq(inboxItems.email, parsed.email))
          .orderBy(desc(inboxItems.id))
          .limit(1);
        expect(row).toMatchObject({
          kind: 'registration',
          firstName: parsed.firstName,
          lastName: parsed.lastName,
          phone: parsed.phone,
          planId: parsed.planId,
          deviceType: parsed.deviceType,
          deviceInfo: parsed.deviceInfo,
        });
      }),
      { numRuns: 120, seed: SEED },
    );
  });

  it("order: accepted input comes back unchanged in the created order; rejected input is a 400 with the schema's messages", async () => {
    const input = fc.record(
      {
        clientName: maybe(words(1, 60)),
        clientEmail: maybe(uniqueEmail),
        clientPhone: maybe(fc.string({ maxLength: 32 })),
        username: fc.constant(''),
        password: fc.constant(''),
        plan: maybe(fc.constantFrom(...PLAN_IDS)),
        paymentMethod: maybe(fc.constantFrom(...PAYMENT_METHODS)),
        paymentStatus: maybe(fc.constantFrom(...ORDER_ENTRY_STATUSES)),
        orderDate: maybe(
          fc
            .date({ min: new Date('1990-01-01'), max: new Date('2040-12-31'), noInvalidDate: true })
            .map((d) => d.toISOString().slice(0, 10)),
        ),
        notes: maybe(words(0, 100)),
      },
      { requiredKeys: ['username', 'password'] },
    );
    await fc.assert(
      fc.asyncProperty(input, async (raw) => {
        const body = without(raw);
        const res = await w.t.app.inject({
          method: 'POST',
          url: '/api/admin/manual-orders',
          headers: w.staff,
          payload: body,
        });
        const rejection = expectedRejection(orderInputSchema, body);
        if (rejection) {
          expect(res.statusCode, res.body).toBe(400);
          expect(res.json()).toMatchObject(rejection);
          return;
        }
        expect(res.statusCode, res.body).toBe(201);
        accepted.order += 1;
        const parsed = orderInputSchema.parse(body);
        expect(res.json<OrderCreated>().order).toMatchObject({
          clientName: parsed.clientName,
          clientEmail: parsed.clientEmail,
          clientPhone: parsed.clientPhone,
          plan: parsed.plan,
          paymentMethod: parsed.paymentMethod,
          paymentStatus: parsed.paymentStatus,
          orderDate: parsed.orderDate,
          notes: parsed.notes,
        });
      }),
      { numRuns: 120, seed: SEED },
    );
  });

  it("client intervention: accepted input comes back unchanged; rejected input is a 400 with the schema's messages", async () => {
    const input = fc.record(
      {
        description: maybe(words(1, 100)),
        urgency: maybe(fc.constantFrom(...URGENCIES)),
        deviceType: maybe(fc.constantFrom(...CLIENT_DEVICE_TYPES)),
        deviceInfo: maybe(words(1, 60)),
      },
      { requiredKeys: [] },
    );
    // Runs are spread over several clients: the per-client creation limit (10 a minute) is not what is tested here.
    const clients = [w.alice.headers, w.bruno.headers];
    for (let i = 0; i < 6; i++) {
      const username = `prop${i}`;
      const password = 'Citronnier-bleu-2026';
      await postOrder(w.t, w.staff, {
        clientEmail: `${username}@exemple.fr`,
        username,
        password,
        plan: 'famille',
        orderDate: todayIso(),
      });
      clients.push(await clientLogin(w.t, username, password));
    }
    let run = 0;
    await fc.assert(
      fc.asyncProperty(input, async (raw) => {
        const body = without(raw);
        const rejection = expectedRejection(clientInterventionInputSchema, body);
        const headers = clients[run++ % clients.length]!;
        const res = await w.t.app.inject({ method: 'POST', url: '/api/client/interventions', headers, payload: body });
        if (rejection) {
          expect(res.statusCode, res.body).toBe(400);
          expect(res.json()).toMatchObject(rejection);
          return;
        }
        expect(res.statusCode, res.body).toBe(201);
        accepted.request += 1;
        const parsed = clientInterventionInputSchema.parse(body);
        expect(res.json()).toMatchObject(parsed);
      }),
      { numRuns: 70, seed: SEED },
    );
  });

  it("sign-in and invoice keys: anything a tool sends is a 400 with the schema's message, or an ordinary refusal", async () => {
    const login = fc.record(
      { username: maybe(anyText), email: maybe(anyText), password: maybe(anyText) },
      { requiredKeys: [] },
    );
    await fc.assert(
      fc.asyncProperty(login, async (raw) => {
        const body = without(raw);
        for (const [url, schema, shaped] of [
          ['/api/admin/login', adminLoginInputSchema, body],
          ['/api/auth/login', clientLoginInputSchema, body],
        ] as const) {
          const res = await w.t.app.inject({ method: 'POST', url, payload: shaped, remoteAddress: freshAddress() });
          const rejection = expectedRejection(schema, shaped);
          if (rejection) {
            expect(res.statusCode, `${url} ${res.body}`).toBe(400);
            expect(res.json()).toMatchObject(rejection);
          } else {
            expect([401, 429], `${url} ${res.body}`).toContain(res.statusCode);
          }
        }
      }),
      { numRuns: 80, seed: SEED },
    );
    await fc.assert(
      fc.asyncProperty(anyText, async (key) => {
        const res = await w.t.app.inject({
          method: 'GET',
          url: `/api/verify-invoice/${encodeURIComponent(key)}`,
          remoteAddress: freshAddress(),
        });
        expect(res.statusCode, `${JSON.stringify(key)} ${res.body}`).toBeLessThan(500);
        if (res.statusCode === 400)
          expect(res.json().message).toBe(expectedRejection(verificationKeySchema, key)?.message);
        else if (res.statusCode === 414) expect(res.json().message, res.body).toMatch(/trop long|Adresse/);
        else expect([404, 200]).toContain(res.statusCode);
      }),
      { numRuns: 120, seed: SEED },
    );
  });
});
