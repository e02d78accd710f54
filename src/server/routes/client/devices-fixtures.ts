import { afterAll, beforeAll } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { clientLogin, multipartFile, postOrder, staffLogin } from '#server/test/fixtures.ts';
import { todayIso } from '#shared/format.ts';
import type { Device } from '#shared/devices/device-api.ts';

export const PASSWORD = 'Azur-Passerelle-2026';
export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(200, 1)]);

/**
 * An app where staff send e-mails to equipe@exemple.fr and three clients are signed in (plans duo, famille and pro
 * « autre »), with what the device tests ask of it. The objects returned are filled before the first test.
 */
export function devicesTestApp() {
  const t = {} as TestApp;
  const staff: Record<string, string> = {};
  const famille: Record<string, string> = {};
  const duo: Record<string, string> = {};
  const other: Record<string, string> = {};

  beforeAll(async () => {
    Object.assign(t, await createTestApp({ STAFF_EMAIL: 'equipe@exemple.fr', LOG_LEVEL: 'error' }));
    Object.assign(staff, await staffLogin(t));
    const order = (name: string, plan: 'duo' | 'famille' | 'pro') =>
      postOrder(t, staff, {
        clientName: name,
        clientEmail: `${name}@exemple.fr`,
        username: name,
        password: PASSWORD,
        orderDate: todayIso(),
        plan,
      });
    await order('duo', 'duo');
    await order('famille', 'famille');
    await order('autre', 'pro');
    Object.assign(duo, await clientLogin(t, 'duo', PASSWORD));
    Object.assign(famille, await clientLogin(t, 'famille', PASSWORD));
    Object.assign(other, await clientLogin(t, 'autre', PASSWORD));
  });
  afterAll(async () => t.close());

  const add = (headers: Record<string, string>, deviceInfo: string, deviceType = 'windows-laptop') =>
    t.app.inject({ method: 'POST', url: '/api/client/devices', headers, payload: { deviceType, deviceInfo } });
  const list = async (headers: Record<string, string>) =>
    (await t.app.inject({ method: 'GET', url: '/api/client/devices', headers })).json<Device[]>();
  const upload = (headers: Record<string, string>, id: number, name: string, data: Buffer) => {
    const body = multipartFile(name, data);
    return t.app.inject({
      method: 'POST',
      url: `/api/client/devices/${id}/proofs`,
      payload: body.payload,
      headers: { ...headers, ...body.headers },
    });
  };
  const askHelp = (headers: Record<string, string>, deviceId: number) =>
    t.app.inject({
      method: 'POST',
      url: '/api/client/interventions',
      headers,
      payload: { description: 'Écran noir au démarrage', urgency: 'medium', deviceId },
    });

  return { t, staff, famille, duo, other, add, list, upload, askHelp };
}
