import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { clients } from '#server/db/schema.ts';
import { clientLogin } from '#server/test/fixtures.ts';
import { accountTestApp, JEAN } from './account-fixtures.ts';

describe('[CLIENT][ACCOUNT] self-service: password, orders and invoices, « Mes données »', () => {
  const { t, jean, anne, ids, get, post } = accountTestApp();

  describe('password change', () => {
    const change = (headers: Record<string, string>, currentPassword: string, newPassword: string) =>
      post('/api/client/password', headers, { currentPassword, newPassword });

    async function jeanRow() {
      const [row] = await t.db.select().from(clients).where(eq(clients.id, ids.jeanId));
      return row!;
    }

    it('refuses a wrong current password, a weak or unchanged new one, and changes nothing', async () => {
      const other = await clientLogin(t, JEAN.username, JEAN.password);
      const before = await jeanRow();
      const wrong = await change(jean, 'pas-le-bon-mot-de-passe', 'un-tout-nouveau-secret');
      expect(wrong.statusCode).toBe(400);
      expect(wrong.json().fieldErrors).toEqual({ currentPassword: ['Mot de passe actuel incorrect'] });

      const cases: Array<[string, string]> = [
        ['court', 'Le mot de passe doit contenir au moins 12 caractères'],
        ['mon-jdupont-2025', 'Le mot de passe ne doit pas contenir votre identifiant ni votre adresse e-mail'],
        ['JEAN.DUPONT-secret', 'Le mot de passe ne doit pas contenir votre identifiant ni votre adresse e-mail'],
        [JEAN.password, 'Choisissez un mot de passe différent de l’actuel'],
      ];
      for (const [newPassword, message] of cases) {
        const res = await change(jean, JEAN.password, newPassword);
        expect(res.statusCode, newPassword).toBe(400);
        expect(res.json().fieldErrors.newPassword).toEqual([message]);
      }
      const missing = await post('/api/client/password', jean, { newPassword: 'un-tout-nouveau-secret' });
      expect(missing.statusCode).toBe(400);
      expect(missing.json().fieldErrors.currentPassword).toEqual(['Le mot de passe actuel est requis']);

      expect(await jeanRow()).toEqual(before);
      expect((await get('/api/client/orders', other)).statusCode).toBe(200);
    });

    it('sets the new password and ends every other session of the account, this one stays', async () => {
      const phone = await clientLogin(t, JEAN.username, JEAN.password);
      const res = await change(jean, JEAN.password, 'Un-Nouveau-Secret-2026');
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json()).toEqual({ ok: true });
      expect((await get('/api/client/orders', jean)).statusCode).toBe(200);
      expect((await get('/api/client/orders', phone)).statusCode).toBe(401);
      // Anne's session is not Jean's business.
      expect((await get('/api/client/orders', anne)).statusCode).toBe(200);

      const old = await post('/api/client/login', undefined, { username: JEAN.username, password: JEAN.password });
      expect(old.statusCode).toBe(401);
      await clientLogin(t, JEAN.username, 'Un-Nouveau-Secret-2026');
      // No part of the password the client chose is kept beside its hash.
      expect(JSON.stringify({ ...(await jeanRow()), passwordHash: undefined })).not.toMatch(/Un…|…26|Secret/);
    });
  });
});
