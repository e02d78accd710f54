import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { interventions } from '#server/db/schema.ts';
import type { AdminInterventionDto } from '#shared/interventions/intervention-api.ts';
import { CLIENT_UNAUTHORIZED } from '#shared/clients/client-api.ts';
import type { ClientIntervention, UserIntervention } from '#shared/interventions/intervention-api.ts';
import { DEFAULT_DESCRIPTION } from '#server/services/interventions/client-interventions.ts';
import { newClient, staffTestApp } from '#server/test/fixtures.ts';
import { request } from './interventions-fixtures.ts';

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
      unreadReply: false,
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
      unreadReply: false,
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
      'unreadReply',
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
        unreadReply: false,
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
