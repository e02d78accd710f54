import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { interventions } from '#server/db/schema.ts';
import { MONTHLY_LIMIT_REACHED, NO_SUBSCRIPTION } from '#server/services/interventions/client-interventions.ts';
import { parisMonthStart } from '#server/services/calendar/paris-calendar.ts';
import { newClient, staffTestApp } from '#server/test/fixtures.ts';
import { request } from './interventions-fixtures.ts';

describe('[CLIENT][INTERVENTIONS] what the subscription allows', () => {
  const { t, staff } = staffTestApp();

  it('refuses with 403 a client whose subscription has ended or is not paid', async () => {
    const ended = await newClient(t, staff, 'ancien', { plan: 'pro', orderDate: '2020-01-01' });
    const unpaid = await newClient(t, staff, 'impaye', { plan: 'pro', paymentStatus: 'pending' });
    for (const client of [ended, unpaid]) {
      for (const [url, payload] of [
        ['/api/client/interventions', request('Wi-Fi coupé')],
        ['/api/interventions', {}],
      ] as const) {
        const res = await t.app.inject({ method: 'POST', url, headers: client.headers, payload });
        expect(res.statusCode, url).toBe(403);
        expect(res.json().message).toBe(NO_SUBSCRIPTION);
      }
      expect(await t.db.select().from(interventions).where(eq(interventions.clientId, client.id))).toEqual([]);
    }
  });

  it('stops a basique client at 3 interventions this month with 409, on both calls', async () => {
    const basique = await newClient(t, staff, 'basique', { plan: 'basique' });
    const made: number[] = [];
    for (const [url, payload] of [
      ['/api/client/interventions', request('Un')],
      ['/api/interventions', {}],
      ['/api/client/interventions', request('Trois')],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url, headers: basique.headers, payload });
      expect(res.statusCode, res.body).toBe(201);
      made.push(res.json<{ id: number }>().id);
    }
    for (const [url, payload] of [
      ['/api/client/interventions', request('Quatre')],
      ['/api/interventions', {}],
    ] as const) {
      const res = await t.app.inject({ method: 'POST', url, headers: basique.headers, payload });
      expect(res.statusCode, url).toBe(409);
      expect(res.json().message).toBe(MONTHLY_LIMIT_REACHED);
    }
    expect(await t.db.select().from(interventions).where(eq(interventions.clientId, basique.id))).toHaveLength(3);
    const current = await t.app.inject({ method: 'GET', url: '/api/subscriptions/current', headers: basique.headers });
    expect(current.json()).toMatchObject({ interventionsUsed: 3, interventionsPerMonth: 3 });

    // A request staff cancel gives its place back.
    const cancel = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/interventions/${made[0]}`,
      headers: staff,
      payload: { status: 'cancelled' },
    });
    expect(cancel.statusCode).toBe(200);
    const again = await t.app.inject({
      method: 'POST',
      url: '/api/client/interventions',
      headers: basique.headers,
      payload: request('Quatre'),
    });
    expect(again.statusCode, again.body).toBe(201);
  });

  it('lets simultaneous interventions take the last place only once', async () => {
    const racer = await newClient(t, staff, 'course', { plan: 'basique' });
    for (let i = 0; i < 2; i++) {
      expect(
        (await t.app.inject({ method: 'POST', url: '/api/interventions', headers: racer.headers })).statusCode,
      ).toBe(201);
    }
    const all = await Promise.all(
      [1, 2, 3, 4, 5].map(() => t.app.inject({ method: 'POST', url: '/api/interventions', headers: racer.headers })),
    );
    expect(all.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(await t.db.select().from(interventions).where(eq(interventions.clientId, racer.id))).toHaveLength(3);
  });

  it('counts only this calendar month (Paris), and nothing for unlimited plans', async () => {
    const standard = await newClient(t, staff, 'standard', { plan: 'standard' });
    const lastMonth = new Date(parisMonthStart().getTime() - 60_000);
    await t.db.insert(interventions).values(
      Array.from({ length: 10 }, () => ({
        clientId: standard.id,
        title: 'Ancienne',
        description: 'Le mois dernier',
        createdAt: lastMonth,
      })),
    );
    const res = await t.app.inject({ method: 'POST', url: '/api/interventions', headers: standard.headers });
    expect(res.statusCode, res.body).toBe(201);
    const current = await t.app.inject({ method: 'GET', url: '/api/subscriptions/current', headers: standard.headers });
    expect(current.json()).toMatchObject({ interventionsUsed: 1, interventionsPerMonth: 10 });

    const pro = await newClient(t, staff, 'illimite', { plan: 'pro' });
    await t.db
      .insert(interventions)
      .values(Array.from({ length: 12 }, () => ({ clientId: pro.id, title: 'Ce mois', description: 'Ce mois-ci' })));
    const unlimited = await t.app.inject({ method: 'POST', url: '/api/interventions', headers: pro.headers });
    expect(unlimited.statusCode, unlimited.body).toBe(201);
  });

  it('limits creation to 10 a minute per client, across both calls', async () => {
    const busy = await newClient(t, staff, 'presse', { plan: 'famille' });
    for (let i = 0; i < 10; i++) {
      const res =
        i % 2
          ? await t.app.inject({ method: 'POST', url: '/api/interventions', headers: busy.headers })
          : await t.app.inject({
              method: 'POST',
              url: '/api/client/interventions',
              headers: busy.headers,
              payload: request(`Demande ${i}`),
            });
      expect(res.statusCode, res.body).toBe(201);
    }
    const over = await t.app.inject({ method: 'POST', url: '/api/interventions', headers: busy.headers });
    expect(over.statusCode).toBe(429);
    expect(over.json().message).toBe('Trop de tentatives. Patientez un instant puis réessayez.');
    // Reading is not limited, and another client is not held back.
    expect((await t.app.inject({ method: 'GET', url: '/api/interventions', headers: busy.headers })).statusCode).toBe(
      200,
    );
    const other = await newClient(t, staff, 'autre', { plan: 'famille' });
    expect((await t.app.inject({ method: 'POST', url: '/api/interventions', headers: other.headers })).statusCode).toBe(
      201,
    );
  });
});
