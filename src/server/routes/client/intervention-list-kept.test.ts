import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { clientRequestVersions, interventions } from '#server/db/schema.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { newClient, newTechnician, staffLogin, staffTestApp } from '#server/test/fixtures.ts';
import type { ClientIntervention } from '#shared/interventions/intervention-api.ts';

// A server keeps the last page of requests it answered each session and skips building it again while the client's
// counter of changes has not moved (docs/decisions/044). The counter is read with the session on every call: a change
// made through another server process on the same database shows at the very next read.
describe('[CLIENT][INTERVENTIONS] the list a server keeps, across two server processes', () => {
  const { t: reader } = staffTestApp();
  let writer: TestApp;
  let writerStaff: Record<string, string>;
  let carla: { id: number; headers: Record<string, string> };
  let requestId: number;
  let technicianId: number;

  const list = async () => {
    const res = await reader.app.inject({ method: 'GET', url: '/api/client/interventions', headers: carla.headers });
    expect(res.statusCode, res.body).toBe(200);
    return { items: res.json<ClientIntervention[]>(), total: res.headers['x-total-count'] };
  };
  const onWriter = async (method: 'POST' | 'PATCH' | 'PUT', url: string, payload: object, headers = writerStaff) => {
    const res = await writer.app.inject({ method, url, headers, payload });
    expect(res.statusCode, res.body).toBeLessThan(300);
    return res;
  };

  beforeAll(async () => {
    writer = await createTestApp({}, { database: reader.database });
    writerStaff = await staffLogin(writer);
    carla = await newClient(writer, writerStaff, 'carla', { plan: 'pro' });
    technicianId = (
      await newTechnician(writer, { username: 'julien', password: 'motdepasse-julien-1', firstName: 'Julien' })
    ).id;
    const created = await onWriter(
      'POST',
      '/api/client/interventions',
      { description: 'Imprimante muette', urgency: 'low', deviceType: 'mac', deviceInfo: 'iMac 2019' },
      carla.headers,
    );
    requestId = created.json<ClientIntervention>().id;
  });
  afterAll(async () => writer.close());

  it('shows at the next read what staff change on the other process: handler, its first name, status', async () => {
    expect((await list()).items.map((i) => [i.id, i.status, i.handledBy])).toEqual([[requestId, 'pending', null]]);
    expect((await list()).items[0]!.status).toBe('pending');

    await onWriter('PUT', `/api/admin/interventions/${requestId}/assignee`, { staffId: technicianId });
    expect((await list()).items[0]!.handledBy).toBe('Julien');
    await onWriter('PATCH', `/api/admin/interventions/${requestId}`, { status: 'in_progress' });
    expect((await list()).items[0]!.status).toBe('in_progress');
    await onWriter('PATCH', `/api/admin/team/${technicianId}`, { firstName: 'Julie' });
    expect((await list()).items[0]!.handledBy).toBe('Julie');
  });

  it('shows a new request, a rating and its count at the next read', async () => {
    await onWriter(
      'POST',
      '/api/client/interventions',
      { description: 'Wi-Fi lent', urgency: 'medium', deviceType: 'pc_windows', deviceInfo: 'PC portable' },
      carla.headers,
    );
    const after = await list();
    expect(after.total).toBe('2');
    expect(after.items.map((i) => i.description)).toEqual(['Wi-Fi lent', 'Imprimante muette']);

    await onWriter('PATCH', `/api/admin/interventions/${requestId}`, { status: 'completed' });
    await onWriter(
      'PUT',
      `/api/client/interventions/${requestId}/rating`,
      { stars: 5, comment: 'Merci' },
      carla.headers,
    );
    const rated = (await list()).items.find((i) => i.id === requestId)!;
    expect(rated.rating).toMatchObject({ stars: 5, comment: 'Merci' });
  });

  it('answers the page it kept while the counter has not moved, and reads it again once it has', async () => {
    await list();
    // A change the counter does not see (its triggers off, as only a superuser can): the kept page is answered.
    await reader.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      await tx.update(interventions).set({ description: 'Changé en douce' }).where(eq(interventions.id, requestId));
    });
    expect((await list()).items.map((i) => i.description)).not.toContain('Changé en douce');
    // Any counted change and the page is built again, with both.
    await onWriter('PUT', `/api/client/interventions/${requestId}/rating`, { stars: 4, comment: '' }, carla.headers);
    const fresh = (await list()).items.find((i) => i.id === requestId)!;
    expect([fresh.description, fresh.rating?.stars]).toEqual(['Changé en douce', 4]);
  });

  it('keeps each page apart: another page, a search, the dashboard’s shape', async () => {
    const second = await reader.app.inject({
      method: 'GET',
      url: '/api/client/interventions?limit=1&offset=1',
      headers: carla.headers,
    });
    expect(second.json<ClientIntervention[]>().map((i) => i.description)).toEqual(['Changé en douce']);
    const found = await reader.app.inject({
      method: 'GET',
      url: '/api/client/interventions?q=wi-fi',
      headers: carla.headers,
    });
    expect(found.json<ClientIntervention[]>().map((i) => i.description)).toEqual(['Wi-Fi lent']);
    expect(found.headers['x-total-count']).toBe('1');
    // The same kept page, answered in each route's own shape.
    const dashboard = await reader.app.inject({ method: 'GET', url: '/api/interventions', headers: carla.headers });
    expect(dashboard.json<Array<{ title: string }>>().map((i) => typeof i.title)).toEqual(['string', 'string']);
    expect(dashboard.headers['x-total-count']).toBe('2');
    const area = (await list()).items;
    expect(area.map((i) => 'title' in i)).toEqual([false, false]);
  });

  it('keeps nothing for a client without a counter: each read reads the page', async () => {
    await list();
    await reader.db.delete(clientRequestVersions).where(eq(clientRequestVersions.clientId, carla.id));
    await reader.db.update(interventions).set({ description: 'Sans compteur' }).where(eq(interventions.id, requestId));
    expect((await list()).items.map((i) => i.description)).toContain('Sans compteur');
    await reader.db.update(interventions).set({ description: 'Toujours lu' }).where(eq(interventions.id, requestId));
    expect((await list()).items.map((i) => i.description)).toContain('Toujours lu');
  });
});
