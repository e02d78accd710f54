import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { inboxItems, orders } from '#server/db/schema.ts';
import { postOrder, staffTestApp } from '#server/test/fixtures.ts';
import { VALID_REGISTRATION } from '#shared/common/test-inputs.ts';
import { CURRENT_CGV } from '#shared/orders/cgv-versions.ts';
import { CGV_REQUIRED } from '#shared/orders/order-consent.ts';

// A registration with a plan is the client's first order (docs/decisions/041): its two boxes are read with the
// form's schema, stored with their date, and go with the account's first order staff record.
describe('[PUBLIC][CGV] the boxes of a registration', () => {
  const { t, staff } = staffTestApp();
  const register = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/api/register', payload, remoteAddress: '10.9.0.1' });
  const rowsFor = (email: string) => t.db.select().from(inboxItems).where(eq(inboxItems.email, email));

  it('refuses a registration whose CGV box is not ticked, and stores nothing', async () => {
    const email = 'sans-cgv@exemple.fr';
    for (const acceptCgv of [false, undefined]) {
      const res = await register({ ...VALID_REGISTRATION, email, acceptCgv, expressStart: true });
      expect(res.statusCode).toBe(400);
      expect(res.json().fieldErrors).toEqual({ acceptCgv: [CGV_REQUIRED] });
    }
    expect(await rowsFor(email)).toHaveLength(0);
  });

  it('stores the version accepted and the express request with their date; the first order carries them', async () => {
    const email = 'avec-demande@exemple.fr';
    const res = await register({ ...VALID_REGISTRATION, email, expressStart: true });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await rowsFor(email);
    expect(row).toMatchObject({ cgvVersion: CURRENT_CGV.version });
    expect(row!.cgvAcceptedAt).toBeInstanceOf(Date);
    expect(row!.expressRequestAt!.getTime()).toBe(row!.cgvAcceptedAt!.getTime());

    const validated = await t.app.inject({
      method: 'POST',
      url: `/api/admin/contacts/${row!.id}/validate`,
      headers: staff,
    });
    expect(validated.statusCode, validated.body).toBe(200);
    const first = await postOrder(t, staff, { clientEmail: email, clientName: 'Jeanne Dupont', plan: 'pro' });
    const second = await postOrder(t, staff, { clientEmail: email, clientName: 'Jeanne Dupont', plan: 'basique' });
    const [firstRow] = await t.db.select().from(orders).where(eq(orders.id, first.order.id));
    const [secondRow] = await t.db.select().from(orders).where(eq(orders.id, second.order.id));
    expect(firstRow).toMatchObject({
      cgvVersion: CURRENT_CGV.version,
      cgvAcceptedAt: row!.cgvAcceptedAt,
      expressRequestAt: row!.expressRequestAt,
    });
    // A later order staff enter by hand was not ordered on the site: it carries no box.
    expect(secondRow).toMatchObject({ cgvVersion: null, cgvAcceptedAt: null, expressRequestAt: null });
  });

  it('without the express request, stores the CGV accepted and no request', async () => {
    const email = 'sans-demande@exemple.fr';
    expect((await register({ ...VALID_REGISTRATION, email })).statusCode).toBe(201);
    const [row] = await rowsFor(email);
    expect(row).toMatchObject({ cgvVersion: CURRENT_CGV.version, expressRequestAt: null });
  });
});
