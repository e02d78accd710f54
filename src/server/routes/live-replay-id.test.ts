import { describe, expect, it } from 'vitest';
import { newClient, staffTestApp } from '#server/test/fixtures.ts';

describe('[LIVE] a replay asked after an id the events never reach', () => {
  const { t, staff } = staffTestApp();

  it('answers no event, never a 500, whatever number Last-Event-ID carries', async () => {
    const anne = await newClient(t, staff, 'anne');
    for (const id of ['2147483647', '2147483648', '9999999999']) {
      for (const [url, headers] of [
        ['/api/admin/events', staff],
        ['/api/client/events', anne.headers],
      ] as const) {
        const byHeader = await t.app.inject({ method: 'GET', url, headers: { ...headers, 'last-event-id': id } });
        expect(byHeader.statusCode, `${url} ${id}: ${byHeader.body}`).toBe(200);
        expect(byHeader.json()).toEqual([]);
        const byQuery = await t.app.inject({ method: 'GET', url: `${url}?lastEventId=${id}`, headers });
        expect(byQuery.statusCode, `${url}?lastEventId=${id}: ${byQuery.body}`).toBe(200);
        expect(byQuery.json()).toEqual([]);
      }
    }
  });
});
