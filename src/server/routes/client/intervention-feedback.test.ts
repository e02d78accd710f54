import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { interventionRatings, interventions, outbox, inboxItems } from '#server/db/schema.ts';
import type { AdminInterventionDto, ResponseTimeStats } from '#shared/interventions/intervention-api.ts';
import type { ClientIntervention, UserIntervention } from '#shared/interventions/intervention-api.ts';
import {
  ALREADY_CLOSED,
  RATING_NOT_YET,
  type InterventionRating,
  type RatingStats,
} from '#shared/interventions/rating-api.ts';
import { downloadClientData, newClient, newTechnician, staffTestApp } from '#server/test/fixtures.ts';

const TECHNICIAN = { username: 'tech', password: 'motdepasse-tech-1' };
const request = { description: 'Imprimante hors ligne', urgency: 'medium', deviceType: 'pc_windows', deviceInfo: 'HP' };

describe('[INTERVENTIONS][FEEDBACK] the client closes and rates their own intervention; staff read the ratings', () => {
  const { t, staff } = staffTestApp({ STAFF_EMAIL: 'equipe@exemple.fr' });
  let tech: Record<string, string>;
  let alice: Record<string, string>;
  let bruno: Record<string, string>;

  const newRequest = async () =>
    (
      await t.app.inject({ method: 'POST', url: '/api/client/interventions', headers: alice, payload: request })
    ).json<ClientIntervention>().id;
  const setStatus = async (id: number, status: string) => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/admin/interventions/${id}`,
      headers: staff,
      payload: { status },
    });
    expect(res.statusCode, res.body).toBe(200);
  };
  const rate = (id: number, payload: object, headers = alice) =>
    t.app.inject({ method: 'PUT', url: `/api/client/interventions/${id}/rating`, headers, payload });
  const staffMails = async (kind: 'staff_intervention_rating' | 'staff_intervention_closed') =>
    (await t.db.select().from(outbox).where(eq(outbox.kind, kind))).map((m) => m.subject);

  beforeAll(async () => {
    tech = (await newTechnician(t, TECHNICIAN)).headers;
    alice = (await newClient(t, staff, 'alice', { plan: 'pro' })).headers;
    bruno = (await newClient(t, staff, 'bruno', { plan: 'pro' })).headers;
  });

  it("rates only a completed intervention of one's own: once completed, 1 to 5 stars and a comment, staff told by e-mail", async () => {
    const id = await newRequest();
    const early = await rate(id, { stars: 5 });
    expect(early.statusCode).toBe(409);
    expect(early.json().message).toBe(RATING_NOT_YET);

    await setStatus(id, 'in_progress');
    await setStatus(id, 'completed');
    const res = await rate(id, { stars: 5, comment: '  Très efficace, merci !  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<InterventionRating>()).toMatchObject({
      stars: 5,
      comment: 'Très efficace, merci !',
      changedAt: null,
    });

    const mine = (await t.app.inject({ method: 'GET', url: '/api/interventions', headers: alice })).json<
      UserIntervention[]
    >();
    expect(mine.find((i) => i.id === id)!.rating).toMatchObject({ stars: 5, comment: 'Très efficace, merci !' });
    expect(await staffMails('staff_intervention_rating')).toEqual([
      `Avis de Client alice : 5/5 sur l’intervention n° ${id}`,
    ]);
    // « Mes données » carries it too.
    const { data } = await downloadClientData<{ interventions: { id: number; rating: unknown }[] }>(t, alice);
    expect(data.interventions.find((i) => i.id === id)!.rating).toMatchObject({
      stars: 5,
      comment: 'Très efficace, merci !',
    });
    await t.drain();
    const sent = t.mailer.sent.find((m) => m.subject.startsWith('Avis de Client alice'))!;
    expect(sent.to).toBe('equipe@exemple.fr');
    expect(sent.text).toContain('★★★★★ (5/5)');
    expect(sent.text).toContain('Très efficace, merci !');
    // The client's e-mail that the request is completed asked for this opinion.
    const completed = t.mailer.sent.find(
      (m) => m.to === 'alice@exemple.fr' && m.subject === `Votre demande d’assistance n° ${id} : terminée`,
    )!;
    expect(completed.text).toContain('Donnez-nous votre avis, de 1 à 5 étoiles');
    expect(completed.text).toContain('Donner mon avis');
  });

  it('answers 404 to another client, as if the intervention did not exist, and writes nothing', async () => {
    const id = await newRequest();
    await setStatus(id, 'in_progress');
    await setStatus(id, 'completed');
    for (const res of [
      await rate(id, { stars: 1, comment: 'Pas à moi' }, bruno),
      await t.app.inject({ method: 'POST', url: `/api/client/interventions/${id}/close`, headers: bruno }),
      await rate(999999, { stars: 3 }, bruno),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('Intervention introuvable');
    }
    expect(await t.db.select().from(interventionRatings).where(eq(interventionRatings.interventionId, id))).toEqual([]);
  });

  it('refuses a rating outside 1 to 5 with a French 400 under the field, and writes nothing', async () => {
    const id = await newRequest();
    await setStatus(id, 'in_progress');
    await setStatus(id, 'completed');
    for (const payload of [
      { stars: 0 },
      { stars: 6 },
      { stars: 4.5 },
      { stars: '5' },
      {},
      { stars: 3, comment: 'x'.repeat(1001) },
    ]) {
      const res = await rate(id, payload);
      expect(res.statusCode, JSON.stringify(payload)).toBe(400);
      const field = 'comment' in payload ? 'comment' : 'stars';
      expect(res.json().fieldErrors[field][0]).toBe(
        field === 'stars'
          ? 'Choisissez une note de 1 à 5 étoiles'
          : 'Le commentaire ne peut pas dépasser 1000 caractères',
      );
    }
    expect(await t.db.select().from(interventionRatings).where(eq(interventionRatings.interventionId, id))).toEqual([]);
  });

  it('keeps one rating per intervention: rating again changes it, keeps the first date, and tells staff of the change', async () => {
    const id = await newRequest();
    await setStatus(id, 'in_progress');
    await setStatus(id, 'completed');
    const first = (await rate(id, { stars: 2, comment: 'Un peu long' })).json<InterventionRating>();
    const second = await rate(id, { stars: 4 });
    expect(second.statusCode).toBe(200);
    expect(second.json<InterventionRating>()).toMatchObject({ stars: 4, comment: '', ratedAt: first.ratedAt });
    expect(second.json<InterventionRating>().changedAt).not.toBeNull();
    const rows = await t.db.select().from(interventionRatings).where(eq(interventionRatings.interventionId, id));
    expect(rows.map((r) => r.stars)).toEqual([4]);
    expect(await staffMails('staff_intervention_rating')).toContain(
      `Avis modifié de Client alice : 4/5 sur l’intervention n° ${id}`,
    );
  });

  it('closes an intervention: cancelled when nobody took it yet, completed (and then rateable) once in progress, 409 afterwards', async () => {
    const waiting = await newRequest();
    const cancel = await t.app.inject({
      method: 'POST',
      url: `/api/client/interventions/${waiting}/close`,
      headers: alice,
    });
    expect(cancel.statusCode, cancel.body).toBe(200);
    expect(cancel.json()).toEqual({ id: waiting, status: 'cancelled' });

    const taken = await newRequest();
    await setStatus(taken, 'in_progress');
    const resolve = await t.app.inject({
      method: 'POST',
      url: `/api/client/interventions/${taken}/close`,
      headers: alice,
    });
    expect(resolve.json()).toEqual({ id: taken, status: 'completed' });
    expect((await rate(taken, { stars: 3 })).statusCode).toBe(200);

    const again = await t.app.inject({
      method: 'POST',
      url: `/api/client/interventions/${taken}/close`,
      headers: alice,
    });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(ALREADY_CLOSED);
    const [row] = await t.db.select().from(interventions).where(eq(interventions.id, taken));
    expect(row!.status).toBe('completed');
    expect(await staffMails('staff_intervention_closed')).toEqual([
      `Client alice a annulé l’intervention n° ${waiting}`,
      `Client alice a marqué résolue l’intervention n° ${taken}`,
    ]);
  });

  it('measures an intervention the client withdrew unanswered after its due time as a miss, not one withdrawn in time', async () => {
    const pro = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/admin/interventions/response-times', headers: staff }))
        .json<ResponseTimeStats>()
        .find((r) => r.plan === 'pro') ?? { measured: 0, withinPromise: 0 };
    const before = await pro();
    const late = await newRequest();
    await t.db
      .update(interventions)
      .set({ dueAt: new Date(Date.now() - 60_000) })
      .where(eq(interventions.id, late));
    const inTime = await newRequest();
    for (const id of [late, inTime]) {
      const res = await t.app.inject({ method: 'POST', url: `/api/client/interventions/${id}/close`, headers: alice });
      expect(res.json()).toEqual({ id, status: 'cancelled' });
    }
    const after = await pro();
    expect(after.measured - before.measured).toBe(1);
    expect(after.withinPromise).toBe(before.withinPromise);
  });

  it("shows staff each intervention's rating and the monthly average, to technicians as to admins", async () => {
    for (const headers of [staff, tech]) {
      const list = await t.app.inject({ method: 'GET', url: '/api/admin/interventions?limit=100', headers });
      expect(list.statusCode).toBe(200);
      const rated = list
        .json<AdminInterventionDto[]>()
        .filter((i) => i.rating)
        .map((i) => i.rating!.stars)
        .sort();
      expect(rated).toEqual([3, 4, 5]);
      expect(list.json<AdminInterventionDto[]>().find((i) => i.rating?.stars === 5)!.rating!.comment).toBe(
        'Très efficace, merci !',
      );

      const stats = await t.app.inject({ method: 'GET', url: '/api/admin/interventions/ratings', headers });
      expect(stats.statusCode).toBe(200);
      expect(stats.json<RatingStats>()).toEqual([
        { month: expect.stringMatching(/^\d{4}-\d{2}$/), count: 3, average: 4 },
      ]);
    }
  });

  it("keeps the stars and drops the words of a client's ratings when their data are erased", async () => {
    expect(
      (await t.app.inject({ method: 'POST', url: '/api/client/erasure-request', headers: alice })).statusCode,
    ).toBe(202);
    const [erasure] = await t.db.select().from(inboxItems).where(eq(inboxItems.kind, 'erasure'));
    const erase = await t.app.inject({
      method: 'POST',
      url: `/api/admin/contacts/${erasure!.id}/erase`,
      headers: staff,
    });
    expect(erase.statusCode, erase.body).toBe(200);
    const rows = await t.db.select().from(interventionRatings);
    expect(rows.map((r) => r.stars).sort()).toEqual([3, 4, 5]);
    expect(rows.map((r) => r.comment)).toEqual(['', '', '']);
  });

  it('lets staff list the rated interventions, and the poorly rated ones (1 or 2 stars) to call back', async () => {
    const id = (
      await t.app.inject({ method: 'POST', url: '/api/client/interventions', headers: bruno, payload: request })
    ).json<ClientIntervention>().id;
    await setStatus(id, 'in_progress');
    await setStatus(id, 'completed');
    expect((await rate(id, { stars: 2, comment: 'Trop long' }, bruno)).statusCode).toBe(200);
    const list = async (query: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/admin/interventions?limit=100&${query}`,
        headers: tech,
      });
      expect(res.statusCode, res.body).toBe(200);
      return {
        stars: res
          .json<AdminInterventionDto[]>()
          .map((i) => i.rating?.stars)
          .sort(),
        total: res.headers['x-total-count'],
      };
    };
    expect(await list('rating=rated')).toEqual({ stars: [2, 3, 4, 5], total: '4' });
    expect(await list('rating=low')).toEqual({ stars: [2], total: '1' });
    expect(await list('rating=low&status=pending')).toEqual({ stars: [], total: '0' });
    const bad = await t.app.inject({ method: 'GET', url: '/api/admin/interventions?rating=mauvais', headers: tech });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Filtre d’avis invalide');
  });
});
