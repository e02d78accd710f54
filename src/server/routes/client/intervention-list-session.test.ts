import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { clientSessions } from '#server/db/schema.ts';
import { CLIENT_UNAUTHORIZED } from '#shared/clients/client-api.ts';
import { newClient, staffTestApp } from '#server/test/fixtures.ts';

// The requests' lists read the session and their page in one statement (config.clientReadWithSession): the session
// rule, the 401 and the query's 400 must stay what every other signed-in call answers.
describe('[CLIENT][INTERVENTIONS] the lists read with the session', () => {
  const { t, staff } = staffTestApp();
  let carla: { id: number; headers: Record<string, string> };
  beforeAll(async () => {
    carla = await newClient(t, staff, 'carla', { plan: 'pro' });
    for (const description of ['Imprimante muette', 'Wi-Fi lent']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/client/interventions',
        headers: carla.headers,
        payload: { description, urgency: 'low', deviceType: 'mac', deviceInfo: 'iMac 2019' },
      });
      expect(res.statusCode).toBe(201);
    }
  });

  it('refuses a bad page with the French message, and a bad page without a session with the 401', async () => {
    for (const url of [
      '/api/client/interventions?limit=zéro',
      '/api/interventions?offset=-1',
      // past a PostgreSQL integer, where the page's statement would fail
      '/api/client/interventions?offset=2147483648',
    ]) {
      const signedIn = await t.app.inject({ method: 'GET', url, headers: carla.headers });
      expect(signedIn.statusCode, url).toBe(400);
      expect(signedIn.json().message).toMatch(/^Paramètre (limit|offset) invalide$/);
      const anonymous = await t.app.inject({ method: 'GET', url });
      expect(anonymous.statusCode, url).toBe(401);
      expect(anonymous.json().message).toBe(CLIENT_UNAUTHORIZED);
    }
  });

  it('answers 401 once the session has expired, though the page would be read in the same statement', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/api/client/interventions', headers: carla.headers });
    expect(before.statusCode).toBe(200);
    expect(before.headers['x-total-count']).toBe('2');
    await t.db
      .update(clientSessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(clientSessions.clientId, carla.id));
    for (const url of ['/api/client/interventions', '/api/interventions']) {
      const after = await t.app.inject({ method: 'GET', url, headers: carla.headers });
      expect(after.statusCode, url).toBe(401);
      expect(after.json().message).toBe(CLIENT_UNAUTHORIZED);
    }
  });
});
