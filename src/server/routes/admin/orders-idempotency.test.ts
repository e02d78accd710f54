import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { orders } from '#server/db/schema.ts';
import { validOrder } from '#server/test/fixtures.ts';
import { manualOrdersTestApp } from './orders-fixtures.ts';

describe('[ADMIN][CREATE_ORDER] manual orders', () => {
  const { t, staff, counts, credentialsMails } = manualOrdersTestApp();

  it('creates an order sent again with its idempotency key once, even when both arrive at the same time', async () => {
    await t.drain();
    t.mailer.sent.length = 0;
    const before = await counts();
    const key = 'cle-de-formulaire-0001';
    const order = validOrder({
      clientEmail: 'double@exemple.fr',
      username: 'double01',
      password: 'Azur-Passerelle-2026',
    });
    const send = () =>
      t.app.inject({
        method: 'POST',
        url: '/api/admin/manual-orders',
        headers: { ...staff, 'idempotency-key': key },
        payload: order,
      });
    const answers = await Promise.all([send(), send()]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 201]);
    const [first, again] = answers[0]!.statusCode === 201 ? answers : [answers[1]!, answers[0]!];
    expect(again!.json().id).toBe(first!.json().id);
    // The password is shown once: the replay says the order exists, not what was issued.
    expect(first!.json().credentials.username).toBe('double01');
    expect(again!.json().credentials).toBeNull();
    expect([first!.json().replayed, again!.json().replayed]).toEqual([false, true]);
    expect(again!.json().order.documents).toEqual(first!.json().order.documents);
    expect(await counts()).toEqual({ orders: before.orders + 1, clients: before.clients + 1 });
    await t.drain();
    expect(credentialsMails().map((m) => m.to)).toEqual(['double@exemple.fr']);
    // A third send, later, still finds it.
    const later = await send();
    expect(later.statusCode).toBe(200);
    expect(later.json().id).toBe(first!.json().id);
  });

  it('refuses a key already used for a different order, and a malformed key, without writing anything', async () => {
    const key = 'cle-de-formulaire-0002';
    const headers = { ...staff, 'idempotency-key': key };
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/admin/manual-orders',
      headers,
      payload: validOrder({ clientEmail: 'cle@exemple.fr' }),
    });
    expect(created.statusCode).toBe(201);
    const before = await counts();
    const changed = await t.app.inject({
      method: 'POST',
      url: '/api/admin/manual-orders',
      headers,
      payload: validOrder({ clientEmail: 'cle@exemple.fr', plan: 'basique' }),
    });
    expect(changed.statusCode).toBe(422);
    expect(changed.json()).toMatchObject({
      code: 'IDEMPOTENCY_MISMATCH',
      message: expect.stringContaining('déjà été créée'),
    });
    const malformed = await t.app.inject({
      method: 'POST',
      url: '/api/admin/manual-orders',
      headers: { ...staff, 'idempotency-key': 'trop court' },
      payload: validOrder({ clientEmail: 'cle2@exemple.fr' }),
    });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().message).toContain('Clé d’idempotence invalide');
    expect(await counts()).toEqual(before);
    // Only a digest of what was asked is kept, never the password.
    const [row] = await t.db
      .select({ digest: orders.idempotencyDigest })
      .from(orders)
      .where(eq(orders.idempotencyKey, key));
    expect(row!.digest).toMatch(/^[\w-]{43}$/);
  });
});
