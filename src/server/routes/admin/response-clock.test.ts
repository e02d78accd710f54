import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { interventions } from '#server/db/schema.ts';
import { getPlan, responseDueAt } from '#shared/plans.ts';
import type { AdminInterventionDto, ResponseTimeStats } from '#shared/interventions/intervention-api.ts';
import type { ClientIntervention, UserIntervention } from '#shared/interventions/intervention-api.ts';
import { newClient, staffTestApp } from '#server/test/fixtures.ts';

const request = (urgency: string) => ({
  description: 'Imprimante muette',
  urgency,
  deviceType: 'pc_windows',
  deviceInfo: 'HP',
});

describe('[INTERVENTIONS][CLOCK] the response clock of each intervention', () => {
  const { t, staff } = staffTestApp();
  let monthly: { id: number; headers: Record<string, string> };
  let client: { id: number; headers: Record<string, string> };
  beforeAll(async () => {
    monthly = await newClient(t, staff, 'mensuel', { plan: 'basique' });
    // Unlimited requests for the rest of the file.
    client = await newClient(t, staff, 'horloge', { plan: 'etendue' });
  });

  it("stores a due time from the client's plan and urgency, and both client views show it", async () => {
    const normal = (
      await t.app.inject({
        method: 'POST',
        url: '/api/client/interventions',
        headers: monthly.headers,
        payload: request('medium'),
      })
    ).json<ClientIntervention>();
    const urgent = (
      await t.app.inject({
        method: 'POST',
        url: '/api/client/interventions',
        headers: monthly.headers,
        payload: request('high'),
      })
    ).json<ClientIntervention>();
    const basique = getPlan('basique');
    expect(normal.dueAt).toBe(responseDueAt(basique, 'medium', new Date(normal.createdAt)).toISOString());
    expect(urgent.dueAt).toBe(responseDueAt(basique, 'high', new Date(urgent.createdAt)).toISOString());
    expect(+new Date(urgent.dueAt!)).toBeLessThan(+new Date(normal.dueAt!));
    expect(normal.firstResponseAt).toBeNull();

    const dashboard = (await t.app.inject({ method: 'GET', url: '/api/interventions', headers: monthly.headers })).json<
      UserIntervention[]
    >();
    expect(dashboard.find((i) => i.id === normal.id)?.dueAt).toBe(normal.dueAt);
    const [row] = await t.db.select().from(interventions).where(eq(interventions.id, normal.id));
    expect(row!.plan).toBe('basique');
  });

  it('stops the clock when staff take the intervention in charge, once', async () => {
    const created = (
      await t.app.inject({
        method: 'POST',
        url: '/api/client/interventions',
        headers: client.headers,
        payload: request('low'),
      })
    ).json<ClientIntervention>();
    const taken = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/interventions/${created.id}`,
      headers: staff,
      payload: { status: 'in_progress' },
    });
    expect(taken.statusCode).toBe(200);
    const first = taken.json<AdminInterventionDto>().firstResponseAt;
    expect(first).not.toBeNull();
    await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/interventions/${created.id}`,
      headers: staff,
      payload: { status: 'completed' },
    });
    const mine = (
      await t.app.inject({ method: 'GET', url: '/api/client/interventions', headers: client.headers })
    ).json<ClientIntervention[]>();
    expect(mine.find((i) => i.id === created.id)?.firstResponseAt).toBe(first);
    // Notes alone are not a response.
    const other = (
      await t.app.inject({
        method: 'POST',
        url: '/api/client/interventions',
        headers: client.headers,
        payload: request('low'),
      })
    ).json<ClientIntervention>();
    const noted = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/interventions/${other.id}`,
      headers: staff,
      payload: { staffNotes: 'Rappeler demain' },
    });
    expect(noted.json<AdminInterventionDto>().firstResponseAt).toBeNull();
  });

  it('sorts the waiting interventions by due time, the most pressing first', async () => {
    const soon = (
      await t.app.inject({
        method: 'POST',
        url: '/api/client/interventions',
        headers: client.headers,
        payload: request('high'),
      })
    ).json<ClientIntervention>();
    // An overdue one, as if it had been waiting since last week.
    const late = (
      await t.app.inject({
        method: 'POST',
        url: '/api/client/interventions',
        headers: client.headers,
        payload: request('medium'),
      })
    ).json<ClientIntervention>();
    await t.db
      .update(interventions)
      .set({ dueAt: new Date(Date.now() - 7 * 86_400_000) })
      .where(eq(interventions.id, late.id));
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/admin/interventions?sort=due&limit=100',
      headers: staff,
    });
    const ids = res.json<AdminInterventionDto[]>().map((i) => i.id);
    expect(ids[0]).toBe(late.id);
    const firstAnswered = res.json<AdminInterventionDto[]>().findIndex((i) => i.firstResponseAt !== null);
    expect(firstAnswered).toBeGreaterThan(0);
    expect(ids.indexOf(soon.id)).toBeLessThan(firstAnswered);
    const bad = await t.app.inject({ method: 'GET', url: '/api/admin/interventions?sort=urgence', headers: staff });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Tri invalide');
  });

  it('measures per plan and month the share answered within the promise and the median', async () => {
    // One answered late on purpose: its due time was an hour before it was taken in charge.
    const late = (
      await t.app.inject({
        method: 'POST',
        url: '/api/client/interventions',
        headers: client.headers,
        payload: request('medium'),
      })
    ).json<ClientIntervention>();
    await t.db
      .update(interventions)
      .set({ dueAt: new Date(Date.now() - 3_600_000) })
      .where(eq(interventions.id, late.id));
    await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/interventions/${late.id}`,
      headers: staff,
      payload: { status: 'in_progress' },
    });

    const res = await t.app.inject({ method: 'GET', url: '/api/admin/interventions/response-times', headers: staff });
    expect(res.statusCode).toBe(200);
    const rows = await t.db.select().from(interventions).where(eq(interventions.clientId, client.id));
    const measured = rows.filter((r) => r.firstResponseAt || r.dueAt! < new Date());
    const within = rows.filter((r) => r.firstResponseAt && r.firstResponseAt <= r.dueAt!);
    const month = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Paris' }).format(rows[0]!.createdAt).slice(0, 7);
    expect(res.json<ResponseTimeStats>().filter((r) => r.plan === 'etendue')).toEqual([
      {
        plan: 'etendue',
        month,
        measured: measured.length,
        withinPromise: within.length,
        medianMinutes: expect.any(Number),
      },
    ]);
    expect(within.length).toBe(1);
    expect(measured.length).toBe(3);
  });
});
