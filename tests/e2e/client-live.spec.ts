import { expect, test } from '@playwright/test';
import { createClient, signInToDashboard } from './client-fixtures.ts';
import { expectNoSeriousA11yViolations, shot } from './fixtures.ts';
import { STREAM_LIMITS } from '#server/services/live/stream-limits.ts';

test('[CLIENT][LIVE] a page whose updates the server ends says so and offers to reload', async ({
  page,
  context,
  request,
}) => {
  const client = await createClient(request, 'basique');
  // The first page's stream is open before any other page opens one: it is the session's oldest.
  const firstStream = page.waitForResponse((r) => r.url().includes('/api/client/events'));
  await signInToDashboard(page, client.username, client.password);
  await firstStream;

  const notice = page.getByRole('status').filter({ hasText: 'ne se met plus à jour toute seule' });
  const others = [];
  for (let i = 0; i < STREAM_LIMITS.perSession; i++) {
    const other = await context.newPage();
    const stream = other.waitForResponse((r) => r.url().includes('/api/client/events'));
    await other.goto('/client/demandes');
    await stream;
    others.push(other);
  }
  // One page too many: the oldest gives way, and its client reads why instead of a page silently out of date.
  await expect(notice).toBeVisible();
  await expect(notice).toContainText('Rechargez-la pour la suivre à nouveau.');
  for (const other of others) await expect(other.getByText('ne se met plus à jour toute seule')).toHaveCount(0);
  await shot(page, 'client-live-closed');
  await expectNoSeriousA11yViolations(page);

  await notice.getByRole('button', { name: 'Recharger la page' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(notice).toHaveCount(0);
});
