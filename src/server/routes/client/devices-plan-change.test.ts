import { describe, expect, it } from 'vitest';
import { clientLogin, postOrder } from '#server/test/fixtures.ts';
import { todayIso } from '#shared/format.ts';
import type { Device } from '#shared/devices/device-api.ts';
import { devicesTestApp, PASSWORD } from './devices-fixtures.ts';

describe('[CLIENT][DEVICES] devices covered by the plan, proofs of ownership, assistance keyed to devices', () => {
  const { t, staff, other, add, list, askHelp } = devicesTestApp();

  it('after a change to a plan with fewer devices, leaves the newest « hors formule » and lets the client choose', async () => {
    const DAY = 86_400_000;
    const now = t.clock.now();
    // Famille bought 400 days ago has ended; the duo bought today runs now: a change from 3 devices to 2.
    const order = (plan: 'famille' | 'duo', orderDate: string, username: string) =>
      postOrder(t, staff, {
        clientName: 'Nadia Martin',
        clientEmail: 'nadia@exemple.fr',
        username,
        password: username ? PASSWORD : '',
        orderDate,
        plan,
      });
    await order('famille', todayIso(new Date(now.getTime() - 400 * DAY)), 'nadia');
    await order('duo', todayIso(now), '');
    t.clock.set(new Date(now.getTime() - 390 * DAY));
    const nadia = await clientLogin(t, 'nadia', PASSWORD);
    const [pc, mac, tablet] = [
      (await add(nadia, 'PC du salon')).json<Device>(),
      (await add(nadia, 'MacBook Air', 'macbook')).json<Device>(),
      (await add(nadia, 'Tablette Surface', 'windows-tablet')).json<Device>(),
    ];
    expect((await list(nadia)).map((d) => d.covered)).toEqual([true, true, true]);

    t.clock.set(now);
    const covered = async () => Object.fromEntries((await list(nadia)).map((d) => [d.deviceInfo, d.covered]));
    expect(await covered()).toEqual({ 'PC du salon': true, 'MacBook Air': true, 'Tablette Surface': false });
    const refused = await askHelp(nadia, tablet!.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: 'DEVICE_NOT_COVERED' });
    expect(refused.json().message).toContain('hors formule : votre formule Duo couvre 2 appareils');
    expect(refused.json().message).toMatch(/Mes appareils.*retirez/);

    const chosen = await t.app.inject({
      method: 'POST',
      url: `/api/client/devices/${tablet!.id}/cover`,
      headers: nadia,
    });
    expect(chosen.statusCode, chosen.body).toBe(200);
    expect(chosen.json<Device>()).toMatchObject({ id: tablet!.id, covered: true });
    expect(await covered()).toEqual({ 'PC du salon': true, 'MacBook Air': false, 'Tablette Surface': true });
    expect((await askHelp(nadia, mac!.id)).json().code).toBe('DEVICE_NOT_COVERED');
    expect((await askHelp(nadia, tablet!.id)).statusCode).toBe(201);
    expect(
      (await t.app.inject({ method: 'POST', url: `/api/client/devices/${mac!.id}/cover`, headers: other })).statusCode,
    ).toBe(404);

    expect(
      (await t.app.inject({ method: 'POST', url: `/api/client/devices/${pc!.id}/retire`, headers: nadia })).statusCode,
    ).toBe(200);
    expect(await covered()).toEqual({ 'PC du salon': false, 'MacBook Air': true, 'Tablette Surface': true });
    expect((await askHelp(nadia, mac!.id)).statusCode).toBe(201);
    const retiredCover = await t.app.inject({
      method: 'POST',
      url: `/api/client/devices/${pc!.id}/cover`,
      headers: nadia,
    });
    expect(retiredCover.json().code).toBe('DEVICE_NOT_IN_USE');
  });
});
