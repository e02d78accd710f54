import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { interventions } from '#server/db/schema.ts';
import type { AdminInterventionDto } from '#shared/interventions/intervention-api.ts';
import { CLIENT_UNAUTHORIZED } from '#shared/clients/client-api.ts';
import type { ClientIntervention, UserIntervention } from '#shared/interventions/intervention-api.ts';
import {
  DEFAULT_DESCRIPTION,
  MONTHLY_LIMIT_REACHED,
  NO_SUBSCRIPTION,
} from '#server/services/interventions/client-interventions.ts';
import { parisMonthStart } from '#server/services/calendar/paris-calendar.ts';
import { newClient, staffTestApp } from '#server/test/fixtures.ts';

const request = (description: string) => ({
  description,
  urgency: 'high',
  deviceType: 'pc_windows',
  deviceInfo: 'Dell Inspiron 15',
});

/** A client with credentials and one order; returns its id and session headers. */
describe("[CLIENT][INTERVENTIONS] a client's own interventions", () => {
  const { t, staff } = staffTestApp();
  let alice: { id: number; headers: Record<string, string> };
  let bruno: { id: number; headers: Record<string, string> };
  beforeAll(async () => {
    alice = await newClient(t, staff, 'alice', { plan: 'pro' });
    bruno = await newClient(t, staff, 'bruno', { plan: 'famille' });
  });

  it('answers 401 Unauthorized without a client session, and to a staff session', async () => {
    const calls = [
      { method: 'GET', url: '/api/client/interventions' },
      { method: 'POST', url: '/api/client/interventions', payload: request('Écran noir') },
      { method: 'GET', url: '/api/interventions' },
      { method: 'POST', url: '/api/interventions', payload: {} },
      { method: 'GET', url: '/api/subscriptions/current' },
    ] as const;
    for (const call of calls) {
      for (const headers of [{}, staff, { cookie: staff.cookie!.replace('rfs_staff', 'rfs_client') }]) {
        const res = await t.app.inject({ ...call, headers });
        expect(res.statusCode, `${call.method} ${call.url}`).toBe(401);
        expect(res.json().message).toBe(CLIENT_UNAUTHORIZED);
      }
    }
    expect(await t.db.select().from(interventions)).toEqual([]);
  });

  it('creates a client-area intervention stored under the signed-in client, and answers it', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/client/interventions',
      headers: alice.headers,
      // a client id in the body is ignored: the session says who asks
      payload: { ...request('  Imprimante hors ligne  '), clientId: bruno.id },
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<ClientIntervention>();
    expect(created).toEqual({
      id: expect.any(Number),
      description: 'Imprimante hors ligne',
      urgency: 'high',
      deviceType: 'pc_windows',
      deviceInfo: 'Dell Inspiron 15',
      status: 'pending',
      createdAt: expect.any(String),
      dueAt: expect.any(String),
      firstResponseAt: null,
      rating: null,
      handledBy: null,
      openedBy: null,
    });
    const [row] = await t.db.select().from(interventions).where(eq(interventions.id, created.id));
    expect(row).toMatchObject({
      clientId: alice.id,
      title: "Demande d'assistance",
      description: 'Imprimante hors ligne',
      urgency: 'high',
      status: 'pending',
    });
  });

  it("refuses an incomplete client-area intervention with the form's message", async () => {
    const empty = await t.app.inject({
      method: 'POST',
      url: '/api/client/interventions',
      headers: alice.headers,
      payload: {},
    });
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Veuillez remplir tous les champs');
    expect(Object.keys(empty.json().fieldErrors).sort()).toEqual([
      'description',
      'deviceInfo',
      'deviceType',
      'urgency',
    ]);
    const blank = await t.app.inject({
      method: 'POST',
      url: '/api/client/interventions',
      headers: alice.headers,
      payload: { ...request('   '), urgency: 'urgent' },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe('Veuillez remplir tous les champs');
    const long = await t.app.inject({
      method: 'POST',
      url: '/api/client/interventions',
      headers: alice.headers,
      payload: request('x'.repeat(2001)),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('La description ne peut pas dépasser 2000 caractères');
    const text = await t.app.inject({
      method: 'POST',
      url: '/api/client/interventions',
      headers: { ...alice.headers, 'content-type': 'text/plain' },
      payload: 'description=x',
    });
    expect(text.statusCode).toBe(415);
    expect(await t.db.select().from(interventions).where(eq(interventions.clientId, alice.id))).toHaveLength(1);
  });

  it('creates a dashboard intervention with the fixed title and default text, and enforces lengths', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/interventions',
      headers: bruno.headers,
      payload: { title: "Demande d'assistance" },
    });
    expect(res.statusCode, res.body).toBe(201);
    const created = res.json<UserIntervention>();
    expect(created).toEqual({
      id: expect.any(Number),
      title: "Demande d'assistance",
      description: DEFAULT_DESCRIPTION,
      status: 'pending',
      createdAt: expect.any(String),
      duration: null,
      dueAt: expect.any(String),
      firstResponseAt: null,
      rating: null,
      handledBy: null,
      openedBy: null,
    });
    const [row] = await t.db.select().from(interventions).where(eq(interventions.id, created.id));
    expect(row).toMatchObject({ clientId: bruno.id, urgency: 'medium', deviceType: null, deviceInfo: '' });

    const noBody = await t.app.inject({ method: 'POST', url: '/api/interventions', headers: bruno.headers });
    expect(noBody.statusCode, noBody.body).toBe(201);
    expect(noBody.json()).toMatchObject({ title: "Demande d'assistance", description: DEFAULT_DESCRIPTION });

    const tooLong = await t.app.inject({
      method: 'POST',
      url: '/api/interventions',
      headers: bruno.headers,
      payload: { title: 't'.repeat(121) },
    });
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().message).toBe('Le titre ne peut pas dépasser 120 caractères');
    const wrongType = await t.app.inject({
      method: 'POST',
      url: '/api/interventions',
      headers: bruno.headers,
      payload: { description: 42 },
    });
    expect(wrongType.statusCode).toBe(400);
  });

  it("lists only the signed-in client's interventions, newest first, in both shapes", async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/client/interventions',
      headers: bruno.headers,
      payload: request('Virus sur le portable'),
    });

    const aliceList = await t.app.inject({ method: 'GET', url: '/api/client/interventions', headers: alice.headers });
    expect(aliceList.statusCode).toBe(200);
    expect(aliceList.headers['x-total-count']).toBe('1');
    expect(aliceList.json<ClientIntervention[]>().map((i) => i.description)).toEqual(['Imprimante hors ligne']);

    const brunoList = await t.app.inject({ method: 'GET', url: '/api/client/interventions', headers: bruno.headers });
    const brunoItems = brunoList.json<ClientIntervention[]>();
    expect(brunoItems.map((i) => i.description)).toEqual([
      'Virus sur le portable',
      DEFAULT_DESCRIPTION,
      DEFAULT_DESCRIPTION,
    ]);
    expect(Object.keys(brunoItems[0]!).sort()).toEqual([
      'createdAt',
      'description',
      'deviceInfo',
      'deviceType',
      'dueAt',
      'firstResponseAt',
      'handledBy',
      'id',
      'openedBy',
      'rating',
      'status',
      'urgency',
    ]);

    const brunoRows = await t.db.select().from(interventions).where(eq(interventions.clientId, bruno.id));
    expect(brunoItems.map((i) => i.id).sort()).toEqual(brunoRows.map((r) => r.id).sort());

    const dashboard = await t.app.inject({ method: 'GET', url: '/api/interventions', headers: alice.headers });
    expect(dashboard.json<UserIntervention[]>()).toEqual([
      {
        id: aliceList.json<ClientIntervention[]>()[0]!.id,
        title: "Demande d'assistance",
        description: 'Imprimante hors ligne',
        status: 'pending',
        createdAt: expect.any(String),
        duration: null,
        dueAt: aliceList.json<ClientIntervention[]>()[0]!.dueAt,
        firstResponseAt: null,
        rating: null,
        handledBy: null,
        openedBy: null,
      },
    ]);

    const paged = await t.app.inject({
      method: 'GET',
      url: '/api/interventions?limit=1&offset=1',
      headers: bruno.headers,
    });
    expect(paged.headers['x-total-count']).toBe('3');
    expect(paged.json<UserIntervention[]>()).toHaveLength(1);
    const searched = await t.app.inject({
      method: 'GET',
      url: '/api/client/interventions?q=VIRUS',
      headers: bruno.headers,
    });
    expect(searched.json<ClientIntervention[]>().map((i) => i.description)).toEqual(['Virus sur le portable']);
    expect(searched.headers['x-total-count']).toBe('1');
    // A page past the last one is empty and still says how many there are.
    const beyond = await t.app.inject({
      method: 'GET',
      url: '/api/client/interventions?limit=2&offset=10',
      headers: bruno.headers,
    });
    expect(beyond.json()).toEqual([]);
    expect(beyond.headers['x-total-count']).toBe('3');
    // Alice searching Bruno's words finds nothing.
    const foreign = await t.app.inject({
      method: 'GET',
      url: '/api/client/interventions?q=virus',
      headers: alice.headers,
    });
    expect(foreign.json()).toEqual([]);
  });

  it('shows the duration staff recorded on the dashboard list', async () => {
    const [mine] = await t.app
      .inject({ method: 'GET', url: '/api/interventions', headers: alice.headers })
      .then((r) => r.json<UserIntervention[]>());
    for (const payload of [{ status: 'in_progress' }, { status: 'completed', durationMinutes: 45 }]) {
      const res = await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/interventions/${mine!.id}`,
        headers: staff,
        payload,
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    const [after] = await t.app
      .inject({ method: 'GET', url: '/api/interventions', headers: alice.headers })
      .then((r) => r.json<UserIntervention[]>());
    expect(after).toMatchObject({ id: mine!.id, status: 'completed', duration: 45 });
  });

  it('shows a client-created intervention in the staff list', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/interventions', headers: staff });
    expect(res.statusCode).toBe(200);
    const virus = res.json<AdminInterventionDto[]>().find((i) => i.description === 'Virus sur le portable');
    expect(virus).toMatchObject({
      clientId: bruno.id,
      clientName: 'Client bruno',
      clientEmail: 'bruno@exemple.fr',
      title: "Demande d'assistance",
      urgency: 'high',
      deviceType: 'pc_windows',
      deviceInfo: 'Dell Inspiron 15',
      status: 'pending',
    });
  });
});

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
