import { expect, test } from '@playwright/test';
import { createClient } from './client-fixtures.ts';
import { staffSignIn } from './fixtures.ts';
import type { AdminDevice, Device } from '#shared/devices/device-api.ts';
import type { LiveEvent } from '#shared/live/live-api.ts';

declare global {
  interface Window {
    __tones: (number | null)[];
    __lastEvent: LiveEvent | null;
  }
}

test('[LIVE][OWN] an intervention a member opens for a client reloads their list without a tone; a client’s intervention plays one (desktop)', async ({
  browser,
  request,
}) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  // Every tone the page plays is recorded with the request of the event that played it: other tests on the same
  // server create requests too, and their tones are news to this page as well. The page plays a tone while it
  // handles the event, so the last event received is the one that played it. (The real tone still plays.)
  await context.addInitScript(() => {
    window.__tones = [];
    window.__lastEvent = null;
    window.EventSource = class extends EventSource {
      constructor(url: string | URL, init?: EventSourceInit) {
        super(url, init);
        this.addEventListener('message', (m) => {
          window.__lastEvent = JSON.parse(m.data as string) as LiveEvent;
        });
      }
    };
    const create = AudioContext.prototype.createOscillator;
    AudioContext.prototype.createOscillator = function (this: AudioContext) {
      window.__tones.push(window.__lastEvent?.interventionId ?? null);
      return create.call(this);
    };
  });
  const page = await context.newPage();
  const tonesFor = (id: number) => page.evaluate((request) => window.__tones.filter((t) => t === request).length, id);
  await staffSignIn(page);
  await page.getByRole('tab', { name: 'Interventions' }).click();
  await expect(page.getByTestId('live-state')).toHaveAttribute('data-state', 'open');

  const client = await createClient(request, 'pro');
  const clientContext = await browser.newContext();
  expect(
    (
      await clientContext.request.post('/api/auth/login', {
        data: { email: client.username, password: client.password },
      })
    ).status(),
  ).toBe(200);
  const device = (await (
    await clientContext.request.post('/api/client/devices', {
      data: { deviceType: 'windows-laptop', deviceInfo: 'Dell Latitude' },
    })
  ).json()) as Device;
  const listed = (await (
    await page.request.get(`/api/admin/devices?email=${encodeURIComponent(client.email)}`)
  ).json()) as AdminDevice[];
  const clientId = listed.find((d) => d.id === device.id)?.clientId;
  expect(clientId).toBeDefined();

  // The member, on the phone with the client, opens the request from this same session: the lists reload.
  const reloaded = () => page.waitForResponse((r) => r.url().includes('/api/admin/interventions?') && r.ok());
  let reload = reloaded();
  const opened = await page.request.post('/api/admin/interventions', {
    data: { clientId, deviceId: device.id, description: 'Appel : imprimante hors ligne', urgency: 'medium' },
  });
  expect(opened.status(), await opened.text()).toBe(201);
  await reload;
  expect(await tonesFor(((await opened.json()) as { id: number }).id)).toBe(0);

  // The client asks themself: news to the member, with its tone.
  reload = reloaded();
  const asked = await clientContext.request.post('/api/client/interventions', {
    data: { deviceId: device.id, description: 'Toujours hors ligne', urgency: 'medium' },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  await reload;
  const askedId = ((await asked.json()) as { id: number }).id;
  await expect.poll(() => tonesFor(askedId)).toBeGreaterThan(0);
  await context.close();
  await clientContext.close();
});
