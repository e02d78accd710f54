import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { clientSessions, clients, interventions, inboxItems } from '#server/db/schema.ts';
import { erasureRequestResultSchema } from '#shared/privacy/privacy-api.ts';
import { todayIso } from '#shared/format.ts';
import type { InboxItemDto } from '#shared/inbox/inbox-api.ts';
import { downloadClientData, newTechnician } from '#server/test/fixtures.ts';
import { accountTestApp } from './account-fixtures.ts';

describe('[CLIENT][ACCOUNT] self-service: password, orders and invoices, « Mes données »', () => {
  const { t, staff, jean, anne, ids, jeanOrders, get, post } = accountTestApp();

  describe('« Mes données »', () => {
    beforeAll(async () => {
      await t.db.insert(inboxItems).values([
        {
          kind: 'registration',
          name: 'Jean Dupont',
          email: 'Jean.Dupont@exemple.fr',
          phone: '0611223344',
          firstName: 'Jean',
          lastName: 'Dupont',
          deviceInfo: 'PC portable',
        },
        {
          kind: 'contact',
          name: 'Jean D.',
          email: 'jean.dupont@exemple.fr',
          subject: 'Facture',
          message: 'Je ne trouve pas ma facture',
        },
        { kind: 'contact', name: 'Anne', email: 'anne@exemple.fr', subject: 'Question', message: 'Message d’Anne' },
      ]);
      await t.db.insert(interventions).values([
        {
          clientId: ids.jeanId,
          title: 'Imprimante',
          description: 'Mon imprimante ne marche plus',
          staffNotes: 'Pilote réinstallé',
          durationMinutes: 30,
          status: 'completed',
        },
      ]);
      await t.app.inject({
        method: 'PATCH',
        url: `/api/admin/manual-orders/${jeanOrders.pending}`,
        headers: staff,
        payload: { notes: 'Relancé par téléphone' },
      });
    });

    it('downloads everything held about the client as a dated archive, with no secret in it', async () => {
      const { res, entries, data } = await downloadClientData(t, jean);
      expect(res.headers['content-type']).toBe('application/zip');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="mes-donnees-${todayIso()}.zip"`);
      expect(res.headers['cache-control']).toBe('no-store');
      expect([...entries.keys()]).toEqual(['lisez-moi.txt', 'data.json']);
      // The archive says in French what each part of data.json holds, every part of it.
      const readme = entries.get('lisez-moi.txt')!.toString('utf8');
      expect(readme).toMatch(/^Vos données chez RFS Assistance, exportées le \d{2}\/\d{2}\/\d{4}/);
      for (const key of Object.keys(data)) expect(readme, key).toMatch(new RegExp(`^- ${key} : \\S`, 'm'));
      expect(readme).toContain('Cet export ne contient aucun fichier joint.');
      expect(data.account).toEqual({
        id: ids.jeanId,
        username: 'jdupont',
        firstName: 'Jean',
        lastName: 'Dupont',
        name: 'Jean Dupont',
        email: 'jean.dupont@exemple.fr',
        phone: '06 12 34 56 78',
        hasPassword: true,
        createdAt: expect.any(String),
      });
      expect(data.orders.map((o: { id: number }) => o.id)).toEqual([
        jeanOrders.first,
        jeanOrders.renewal,
        jeanOrders.pending,
      ]);
      expect(data.orders[0]).toMatchObject({
        plan: 'Pro',
        notes: 'Rappeler lundi',
        verificationKey: expect.stringMatching(/^RFS-/),
        invoiceNumber: expect.any(String),
      });
      expect(data.interventions).toEqual([
        expect.objectContaining({
          title: 'Imprimante',
          description: 'Mon imprimante ne marche plus',
          staffNotes: 'Pilote réinstallé',
          durationMinutes: 30,
        }),
      ]);
      expect(data.requests.map((r: { kind: string; subject: string }) => [r.kind, r.subject])).toEqual([
        ['registration', ''],
        ['contact', 'Facture'],
      ]);
      expect(data.history.map((h: { action: string; entityId: string }) => `${h.action} ${h.entityId}`)).toEqual(
        expect.arrayContaining([`order.create ${jeanOrders.first}`, `order.update ${jeanOrders.pending}`]),
      );
      expect(data.history).toEqual(
        expect.arrayContaining([expect.objectContaining({ action: 'order.update', label: 'Commande modifiée' })]),
      );
      expect(data.sessions.length).toBeGreaterThanOrEqual(1);
      expect(Object.keys(data.sessions[0]).sort()).toEqual(['expiresAt', 'openedAt']);

      // Nothing of another client, no password hash or hint, no session token, no staff identity.
      const text = entries.get('data.json')!.toString('utf8');
      expect(text).not.toContain('anne@exemple.fr');
      expect(text).not.toContain('Message d’Anne');
      expect(text).not.toMatch(/argon2|scrypt|passwordHash|passwordHint|idHash|tokenHash/);
      const [client] = await t.db.select().from(clients).where(eq(clients.id, ids.jeanId));
      expect(text).not.toContain(client!.passwordHash!);
      const cookie = jean.cookie!.split('=')[1]!;
      expect(text).not.toContain(cookie);
      const sessions = await t.db.select().from(clientSessions).where(eq(clientSessions.clientId, ids.jeanId));
      for (const s of sessions) expect(text).not.toContain(s.idHash);
      expect(text).not.toContain('"createdBy"');
    });

    it('says who handled a request by first name, as the client area does, never by username', async () => {
      const julien = await newTechnician(t, {
        username: 'julien.connexion',
        password: 'motdepasse-julien-1',
        firstName: 'Julien',
      });
      const nameless = await newTechnician(t, { username: 'sans.prenom', password: 'motdepasse-sans-prenom-1' });
      const [request] = await t.db
        .insert(interventions)
        .values({ clientId: ids.jeanId, title: 'Wi-Fi', description: 'La box ne répond plus' })
        .returning();
      for (const [headers, staffId] of [
        [julien.headers, julien.id],
        [staff, nameless.id],
      ] as const) {
        const given = await t.app.inject({
          method: 'PUT',
          url: `/api/admin/interventions/${request!.id}/assignee`,
          headers,
          payload: { staffId },
        });
        expect(given.statusCode, given.body).toBe(200);
      }

      const { entries, data } = await downloadClientData(t, jean);
      const assigned = data.history.filter(
        (h: { action: string; entityId: string }) =>
          h.action === 'intervention.assign' && h.entityId === String(request!.id),
      );
      expect(assigned.map((h: { before: unknown; after: unknown }) => [h.before, h.after])).toEqual([
        [{ assignee: null }, { assignee: 'Julien' }],
        [{ assignee: 'Julien' }, { assignee: 'l’équipe' }],
      ]);
      const text = entries.get('data.json')!.toString('utf8');
      expect(text).not.toContain('julien.connexion');
      expect(text).not.toContain('sans.prenom');
    });
  });

  describe('erasure request', () => {
    it('records one erasure request staff see in « Messages »; asking again answers the same date', async () => {
      expect((await get('/api/client/erasure-request', jean)).json()).toEqual({ requestedAt: null });
      const first = await post('/api/client/erasure-request', jean);
      expect(first.statusCode).toBe(202);
      const { requestedAt } = erasureRequestResultSchema.parse(first.json());
      expect(new Date(requestedAt).getTime()).not.toBeNaN();
      const again = await post('/api/client/erasure-request', jean, {});
      expect(again.statusCode).toBe(202);
      expect(again.json()).toEqual({ requestedAt });
      expect((await get('/api/client/erasure-request', jean)).json()).toEqual({ requestedAt });
      // Another client has none.
      expect((await get('/api/client/erasure-request', anne)).json()).toEqual({ requestedAt: null });

      const listed = await get('/api/admin/contacts?kind=erasure', staff);
      expect(listed.headers['x-total-count']).toBe('1');
      const [request] = listed.json<InboxItemDto[]>();
      expect(request).toMatchObject({
        kind: 'erasure',
        status: 'pending',
        name: 'Jean Dupont',
        email: 'jean.dupont@exemple.fr',
        clientId: ids.jeanId,
        erasedAt: null,
        subject: 'Demande d’effacement des données',
        createdAt: requestedAt,
      });
      expect(request!.message).toContain(`client n° ${ids.jeanId}`);
    });

    it('makes one erasure request when the client clicks twice at once', async () => {
      const both = await Promise.all([
        post('/api/client/erasure-request', anne),
        post('/api/client/erasure-request', anne),
      ]);
      expect(both.map((r) => r.statusCode)).toEqual([202, 202]);
      expect(both[0]!.json()).toEqual(both[1]!.json());
      const rows = await t.db.select().from(inboxItems).where(eq(inboxItems.kind, 'erasure'));
      expect(rows.filter((r) => r.email === 'anne@exemple.fr')).toHaveLength(1);
    });
  });
});
