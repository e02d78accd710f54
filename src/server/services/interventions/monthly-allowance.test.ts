// The monthly allowance of requests counts in Paris months, against the subscription running that day.

import { staffTestApp, postOrder } from '#server/test/fixtures.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { currentSubscription } from '#server/services/subscriptions/subscriptions.ts';
import { createClientIntervention, MONTHLY_LIMIT_REACHED } from './client-interventions.ts';

const at = (day: string) => new Date(`${day}T10:00:00Z`);

describe('[SUBSCRIPTIONS] a month bought on 31 January, and the monthly allowance, as the clock moves', () => {
  const { t, staff } = staffTestApp();
  let clientId: number;
  beforeAll(async () => {
    const created = await postOrder(t, staff, {
      clientEmail: 'horloge@exemple.fr',
      username: 'horloge',
      password: 'Azur-Passerelle-2026',
      plan: 'basique',
      orderDate: '2025-01-31',
    });
    clientId = created.order.clientId!;
    // Renewed for a second month the day before the first ends.
    await postOrder(t, staff, { clientEmail: 'horloge@exemple.fr', plan: 'basique', orderDate: '2025-02-27' });
  });

  it('runs from 31 January to 28 February included, then the renewal from 1 to 31 March', async () => {
    const read = (id: number, now: Date) => currentSubscription(t.db, id, now);
    expect(await read(clientId, at('2025-01-30'))).toBeNull();
    expect(await read(clientId, at('2025-01-31'))).toMatchObject({
      startsOn: '2025-01-31',
      endsOn: '2025-02-28',
      daysLeft: 29,
      next: { startsOn: '2025-03-01', endsOn: '2025-03-31' },
    });
    expect(await read(clientId, at('2025-02-28'))).toMatchObject({ endsOn: '2025-02-28', daysLeft: 1 });
    expect(await read(clientId, at('2025-03-01'))).toMatchObject({
      startsOn: '2025-03-01',
      endsOn: '2025-03-31',
      daysLeft: 31,
      next: null,
    });
    // 31 March 23:30 in Paris is 21:30 UTC; 1 April 00:30 in Paris is still 31 March in UTC.
    expect(await read(clientId, new Date('2025-03-31T21:30:00Z'))).toMatchObject({ daysLeft: 1 });
    expect(await read(clientId, new Date('2025-03-31T22:30:00Z'))).toBeNull();
  });

  it('allows a 3rd intervention on basique, refuses the 4th, and gives 3 again when a new month starts', async () => {
    const ask = (now: Date) =>
      createClientIntervention(t.db, clientId, { source: 'dashboard', title: 'Aide', description: 'Imprimante' }, now);
    await ask(at('2025-02-01'));
    await ask(at('2025-02-14'));
    const third = await ask(new Date('2025-02-28T22:59:00Z')); // 23:59 in Paris, still February
    expect(third.clientId).toBe(clientId);
    await expect(ask(new Date('2025-02-28T22:59:30Z'))).rejects.toMatchObject({
      statusCode: 409,
      message: MONTHLY_LIMIT_REACHED,
    });
    expect(await currentSubscription(t.db, clientId, at('2025-02-28'))).toMatchObject({
      interventionsUsed: 3,
      interventionsPerMonth: 3,
    });

    // Midnight in Paris: March, a new allowance (and here the renewal's month).
    expect(await currentSubscription(t.db, clientId, new Date('2025-02-28T23:00:00Z'))).toMatchObject({
      interventionsUsed: 0,
    });
    for (let i = 0; i < 3; i++) await ask(new Date('2025-02-28T23:00:00Z'));
    await expect(ask(at('2025-03-15'))).rejects.toMatchObject({ statusCode: 409 });
  });
});
