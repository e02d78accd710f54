import { beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { interventions } from '#server/db/schema.ts';
import { todayIso } from '#shared/format.ts';
import type { AdminInterventionDto } from '#shared/interventions/intervention-api.ts';
import type { UserIntervention } from '#shared/interventions/intervention-api.ts';
import { clientLogin, newTechnician, postOrder, staffTestApp } from '#server/test/fixtures.ts';
import { auditLog } from '#server/db/schema.ts';

const remote = (extra: Record<string, unknown>) => ({
  title: 'Session à distance',
  description: 'Prise en main demandée',
  ...extra,
});

describe('[CLIENT][REMOTE] « Session à distance » with the tool and its ID', () => {
  const { t, staff } = staffTestApp();
  let client: { id: number; headers: Record<string, string> };
  beforeAll(async () => {
    const created = await postOrder(t, staff, {
      clientName: 'Client Distant',
      clientEmail: 'distant@exemple.fr',
      username: 'distant',
      password: 'Azur-Passerelle-2026',
      orderDate: todayIso(),
      plan: 'pro',
    });
    client = { id: created.order.clientId!, headers: await clientLogin(t, 'distant', 'Azur-Passerelle-2026') };
  });

  const post = (payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url: '/api/interventions', headers: client.headers, payload });
  const adminView = async (id: number) =>
    (await t.app.inject({ method: 'GET', url: '/api/admin/interventions?limit=100', headers: staff }))
      .json<AdminInterventionDto[]>()
      .find((i) => i.id === id)!;

  it('stores the RustDesk ID without its spaces, and staff read it; a password sent along is not kept', async () => {
    const res = await post(remote({ remoteTool: 'rustdesk', remoteId: ' 123 456 789 ', password: 'secret-otp' }));
    expect(res.statusCode, res.body).toBe(201);
    const { id } = res.json<UserIntervention>();
    expect(await adminView(id)).toMatchObject({
      title: 'Session à distance',
      remoteTool: 'rustdesk',
      remoteId: '123456789',
    });
    const [row] = await t.db.select().from(interventions).where(eq(interventions.id, id));
    expect(JSON.stringify(row)).not.toContain('secret-otp');
  });

  it('checks the ID against the chosen tool and keeps nothing when it does not fit', async () => {
    const before = await t.db.select().from(interventions).where(eq(interventions.clientId, client.id));
    for (const [remoteTool, remoteId] of [
      ['teamviewer', '12345'],
      ['anydesk', 'abc'],
      ['rustdesk', ''],
      ['rustdesk', '12 34'],
    ]) {
      const res = await post(remote({ remoteTool, remoteId }));
      expect(res.statusCode, `${remoteTool} ${remoteId}`).toBe(400);
      expect(res.json().fieldErrors.remoteId[0]).toMatch(/^(Identifiant .* invalide|Indiquez l’identifiant)/);
    }
    const unknownTool = await post(remote({ remoteTool: 'chrome-remote', remoteId: '123456789' }));
    expect(unknownTool.statusCode).toBe(400);
    expect(unknownTool.json().fieldErrors.remoteTool[0]).toBe('Choisissez l’outil installé sur votre ordinateur');
    expect(await t.db.select().from(interventions).where(eq(interventions.clientId, client.id))).toHaveLength(
      before.length,
    );
  });

  it('accepts an AnyDesk alias and a 10-digit TeamViewer ID, and asks no ID for Quick Assist', async () => {
    const alias = await post(remote({ remoteTool: 'anydesk', remoteId: 'martin-pc@ad' }));
    expect(await adminView(alias.json<UserIntervention>().id)).toMatchObject({
      remoteTool: 'anydesk',
      remoteId: 'martin-pc@ad',
    });
    const teamviewer = await post(remote({ remoteTool: 'teamviewer', remoteId: '1 234 567 890' }));
    expect(await adminView(teamviewer.json<UserIntervention>().id)).toMatchObject({ remoteId: '1234567890' });
    const quick = await post(remote({ remoteTool: 'quick_assist', remoteId: 'peu importe' }));
    expect(quick.statusCode).toBe(201);
    expect(await adminView(quick.json<UserIntervention>().id)).toMatchObject({
      remoteTool: 'quick_assist',
      remoteId: null,
    });
  });
});

describe('[ADMIN][REMOTE_TOOLS] the tools the company offers for « Session à distance »', () => {
  const { t, staff } = staffTestApp();
  let client: Record<string, string>;
  const KEY = 'sfYuCTMHxrA22kukomb/RAKYyUgr8iaMfm/U4CFLfL0=';
  beforeAll(async () => {
    await postOrder(t, staff, {
      clientName: 'Client Outils',
      clientEmail: 'outils@exemple.fr',
      username: 'outils',
      password: 'Azur-Passerelle-2026',
      orderDate: todayIso(),
      plan: 'pro',
    });
    client = await clientLogin(t, 'outils', 'Azur-Passerelle-2026');
  });
  const put = (headers: Record<string, string>, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'PUT', url: '/api/admin/remote-tools', headers, payload });

  it('offers every tool until an admin chooses, then only those, with the company’s RustDesk server', async () => {
    const before = await t.app.inject({ method: 'GET', url: '/api/client/remote-tools', headers: client });
    expect(before.json()).toEqual({
      offered: ['rustdesk', 'anydesk', 'teamviewer', 'quick_assist'],
      rustdeskIdServer: '',
      rustdeskKey: '',
    });
    const saved = await put(staff, {
      offered: ['anydesk', 'rustdesk'],
      rustdeskIdServer: 'rd.exemple.fr',
      rustdeskKey: KEY,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await t.app.inject({ method: 'GET', url: '/api/client/remote-tools', headers: client });
    expect(after.json()).toEqual({
      offered: ['rustdesk', 'anydesk'],
      rustdeskIdServer: 'rd.exemple.fr',
      rustdeskKey: KEY,
    });
    const [entry] = await t.db.select().from(auditLog).where(eq(auditLog.action, 'settings.remote_tools'));
    expect(entry).toMatchObject({ after: { offered: ['rustdesk', 'anydesk'] } });
  });

  it('refuses a tool the company does not offer with a French 400, and stores nothing', async () => {
    await put(staff, { offered: ['rustdesk', 'anydesk'], rustdeskIdServer: '', rustdeskKey: '' });
    const post = (remoteTool: string, remoteId: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/interventions',
        headers: client,
        payload: { title: 'Session à distance', remoteTool, remoteId },
      });
    const refused = await post('teamviewer', '1234567890');
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      message: 'Cet outil n’est pas proposé par notre équipe : choisissez-en un dans la liste.',
      fieldErrors: { remoteTool: ['Cet outil n’est pas proposé par notre équipe : choisissez-en un dans la liste.'] },
    });
    const list = await t.app.inject({ method: 'GET', url: '/api/interventions', headers: client });
    expect(list.json()).toHaveLength(0);
    expect((await post('anydesk', '123 456 789')).statusCode).toBe(201);
    // The ID is still checked against the tool, offered or not.
    expect((await post('anydesk', '12')).json().fieldErrors.remoteId[0]).toMatch(/^Identifiant AnyDesk invalide/);
  });

  it('lets only admins choose, and checks what they send', async () => {
    const tech = await newTechnician(t, { username: 'tech-outils', password: 'Technicien-Outils-2026' });
    expect(
      (await t.app.inject({ method: 'GET', url: '/api/admin/remote-tools', headers: tech.headers })).statusCode,
    ).toBe(200);
    expect((await put(tech.headers, { offered: ['anydesk'], rustdeskIdServer: '', rustdeskKey: '' })).statusCode).toBe(
      403,
    );
    const bad = await put(staff, { offered: [], rustdeskIdServer: 'rd.exemple.fr', rustdeskKey: '' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fieldErrors).toEqual({
      offered: ['Proposez au moins un outil à vos clients'],
      rustdeskKey: ['Indiquez la clé publique de votre serveur'],
    });
  });
});
