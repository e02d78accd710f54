import { beforeAll, describe, expect, it } from 'vitest';
import { TEST_ADMIN } from '#server/test/harness.ts';
import { interventions } from '#server/db/schema.ts';
import { todayIso } from '#shared/format.ts';
import type { AdminInterventionDto } from '#shared/interventions/intervention-api.ts';
import type { AuditEntryDto } from '#shared/security/audit-api.ts';
import type { SubscriptionDto } from '#shared/subscriptions/subscription-api.ts';
import { postOrder, staffTestApp } from '#server/test/fixtures.ts';

const daysAgo = (n: number) => todayIso(new Date(Date.now() - n * 86_400_000));

describe('[ADMIN][SUBSCRIPTIONS] one per paid order', () => {
  const { t, staff } = staffTestApp();
  beforeAll(async () => {
    await postOrder(t, staff, {
      clientEmail: 'a@exemple.fr',
      plan: 'basique',
      orderDate: '2025-01-31',
      paymentStatus: 'paid',
    });
    await postOrder(t, staff, {
      clientEmail: 'b@exemple.fr',
      plan: 'pro',
      orderDate: daysAgo(10),
      paymentStatus: 'paid',
    });
    await postOrder(t, staff, {
      clientEmail: 'c@exemple.fr',
      plan: 'pro',
      orderDate: daysAgo(5),
      paymentStatus: 'pending',
    });
    await postOrder(t, staff, {
      clientEmail: 'd@exemple.fr',
      plan: 'standard',
      orderDate: daysAgo(2),
      paymentMethod: 'offert',
      paymentStatus: 'paid',
    });
  });

  it('runs from the order date for the plan’s months, newest first, only for paid orders', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/subscriptions', headers: staff });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-total-count']).toBe('3');
    const subs = res.json<SubscriptionDto[]>();
    expect(subs.map((s) => s.clientEmail)).toEqual(['d@exemple.fr', 'b@exemple.fr', 'a@exemple.fr']);
    // 31 January + 1 month ends on the last day of February.
    expect(subs[2]).toMatchObject({ plan: 'basique', startDate: '2025-01-31', endDate: '2025-02-28', active: false });
    expect(subs[1]).toMatchObject({ plan: 'pro', startDate: daysAgo(10), active: true });
    expect(Number(subs[1]!.endDate.slice(0, 4))).toBe(Number(daysAgo(10).slice(0, 4)) + 1);
    const active = await t.app.inject({ method: 'GET', url: '/api/admin/subscriptions?active=true', headers: staff });
    expect(active.json<SubscriptionDto[]>().map((s) => s.clientEmail)).toEqual(['d@exemple.fr', 'b@exemple.fr']);
    const ended = await t.app.inject({ method: 'GET', url: '/api/admin/subscriptions?active=false', headers: staff });
    expect(ended.json<SubscriptionDto[]>().map((s) => s.clientEmail)).toEqual(['a@exemple.fr']);
  });
});

describe('[ADMIN][INTERVENTIONS] staff move interventions along', () => {
  const { t, staff } = staffTestApp();
  let id: number;
  beforeAll(async () => {
    const order = await postOrder(t, staff, {
      clientName: 'Gérard Lenoir',
      clientEmail: 'gerard@exemple.fr',
      username: 'glenoir',
      password: 'motdepasse-gl',
    });
    const rows = await t.db
      .insert(interventions)
      .values([
        {
          clientId: order.order.clientId!,
          title: 'Demande d’assistance',
          description: 'Imprimante muette',
          urgency: 'high',
          deviceType: 'pc_windows',
        },
        {
          clientId: order.order.clientId!,
          title: 'Demande d’assistance',
          description: 'Mot de passe oublié',
          status: 'completed',
        },
      ])
      .returning();
    id = rows[0]!.id;
  });

  const patch = (payload: object, target = id) =>
    t.app.inject({ method: 'PATCH', url: `/api/admin/interventions/${target}`, headers: staff, payload });

  it('lists them with their client, filtered by status', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/admin/interventions?status=pending', headers: staff });
    expect(res.headers['x-total-count']).toBe('1');
    expect(res.json<AdminInterventionDto[]>()[0]).toMatchObject({
      id,
      clientName: 'Gérard Lenoir',
      clientEmail: 'gerard@exemple.fr',
      description: 'Imprimante muette',
      urgency: 'high',
      deviceType: 'pc_windows',
      status: 'pending',
      durationMinutes: null,
      staffNotes: '',
    });
    const all = await t.app.inject({ method: 'GET', url: '/api/admin/interventions', headers: staff });
    expect(all.headers['x-total-count']).toBe('2');
  });

  it('allows pending → in_progress → completed with duration and notes, audited', async () => {
    expect((await patch({ status: 'completed' })).statusCode).toBe(409);
    const started = await patch({ status: 'in_progress' });
    expect(started.json<AdminInterventionDto>().status).toBe('in_progress');
    const done = await patch({ status: 'completed', durationMinutes: 45, staffNotes: 'Pilote réinstallé' });
    expect(done.statusCode).toBe(200);
    expect(done.json<AdminInterventionDto>()).toMatchObject({
      status: 'completed',
      durationMinutes: 45,
      staffNotes: 'Pilote réinstallé',
    });
    const back = await patch({ status: 'pending' });
    expect(back.statusCode).toBe(409);
    expect(back.json().message).toBe('Transition de statut impossible');
    expect((await patch({ status: 'cancelled' })).statusCode).toBe(409);
    // Notes can still be corrected on a finished intervention.
    expect((await patch({ staffNotes: 'Pilote HP réinstallé' })).statusCode).toBe(200);
    const audit = await t.app.inject({
      method: 'GET',
      url: `/api/admin/audit?entity=intervention&entityId=${id}`,
      headers: staff,
    });
    const entries = audit.json<AuditEntryDto[]>();
    // Newest first: the notes, the completion, then taking it in charge (its status, written after its new owner).
    expect(entries.map((e) => e.action)).toEqual([
      'intervention.update',
      'intervention.update',
      'intervention.update',
      'intervention.assign',
    ]);
    expect(entries[3]).toMatchObject({ before: { assignee: null }, after: { assignee: TEST_ADMIN.username } });
    expect(entries[1]).toMatchObject({
      action: 'intervention.update',
      before: { status: 'in_progress', durationMinutes: null, staffNotes: '' },
      after: { status: 'completed', durationMinutes: 45, staffNotes: 'Pilote réinstallé' },
    });
  });

  it('validates the patch and answers 404 for an unknown intervention', async () => {
    expect((await patch({ durationMinutes: -5 })).json().fieldErrors.durationMinutes).toEqual(['Durée invalide']);
    expect((await patch({ status: 'perdu' })).json().fieldErrors.status).toEqual(['Statut invalide']);
    const missing = await patch({ status: 'in_progress' }, 99999);
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe('Intervention introuvable');
  });
});
