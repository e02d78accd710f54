import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { createClient, openClientPage, signInToDashboard } from './client-fixtures.ts';
import { expectNoSeriousA11yViolations, shot } from './fixtures.ts';
import { STREAM_LIMITS } from '#server/services/live/stream-limits.ts';
import type { UserIntervention } from '#shared/interventions/intervention-api.ts';
import type { Thread } from '#shared/interventions/thread-api.ts';

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

// A page left open on a shared computer must not go on showing the account once its session has ended elsewhere.
test('[CLIENT][LIVE] a page whose session ended elsewhere is signed out without a click', async ({
  page,
  browser,
  request,
}) => {
  // A new hash at the production cost.
  test.slow();
  const client = await createClient(request, 'basique');
  await signInToDashboard(page, client.username, client.password);
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

  // From another browser the client changes the password: every other session of the account ends.
  const elsewhere = await (await browser.newContext({ baseURL: test.info().project.use.baseURL })).newPage();
  await signInToDashboard(elsewhere, client.username, client.password);
  const changed = await elsewhere.request.post('/api/client/password', {
    data: { currentPassword: client.password, newPassword: 'une autre phrase bien longue' },
  });
  expect(changed.status(), await changed.text()).toBe(200);
  await elsewhere.context().close();

  await expect(page.getByText('Vous devez être connecté pour accéder à cette page.')).toBeVisible();
  await expect(page).toHaveURL(/\/client\/login/);
  await expect(page.getByText(client.email)).toHaveCount(0);
});

/** A Pro client signed in on `page`, who has just asked for help from the dashboard: the request, listed and read. */
async function clientWithARequest(page: Page, request: APIRequestContext) {
  const client = await createClient(request, 'pro');
  await signInToDashboard(page, client.username, client.password);
  await page.getByRole('button', { name: 'Demander une assistance' }).click();
  const item = page.getByRole('listitem').filter({ hasText: "Demande d'assistance" });
  await expect(item).toContainText('En attente');
  const [mine] = (await (await page.request.get('/api/interventions')).json()) as UserIntervention[];
  return { item, mine: mine! };
}

/** The same, on « Mes demandes », its conversation open. */
async function clientWithAConversationOpen(page: Page, request: APIRequestContext) {
  const asked = await clientWithARequest(page, request);
  await openClientPage(page, '/client/demandes');
  await asked.item.locator('summary').filter({ hasText: 'Conversation' }).click();
  return asked;
}

test('[CLIENT][LIVE] what staff change while a page is on its way shows on it: on arrival, and after a move', async ({
  page,
  request,
}) => {
  const { item, mine } = await clientWithARequest(page, request);
  const staffSets = async (data: Record<string, unknown>) => {
    const res = await request.patch(`/api/admin/interventions/${mine.id}`, { data });
    expect(res.status(), await res.text()).toBe(200);
  };
  /** The page's next live stream waits until the change is made, as on a slow connection. */
  const changeBeforeTheStream = async (go: () => Promise<unknown>, change: () => Promise<void>) => {
    let asked!: () => void;
    const streamAsked = new Promise<void>((resolve) => (asked = resolve));
    let changed!: () => void;
    const changeMade = new Promise<void>((resolve) => (changed = resolve));
    await page.route(
      '**/api/client/events*',
      async (route) => {
        asked();
        await changeMade;
        await route.continue();
      },
      { times: 1 },
    );
    await go();
    await streamAsked;
    await change();
    changed();
  };

  // The page arrives showing the request « En attente »; a technician takes it before its stream opens.
  await changeBeforeTheStream(
    () => page.reload(),
    () => staffSets({ status: 'in_progress' }),
  );
  await expect(item).toContainText('En cours');

  // The client moves to « Mes demandes »; the request is closed during the move.
  await changeBeforeTheStream(
    () => page.getByRole('navigation', { name: 'Espace client' }).getByRole('link', { name: 'Mes demandes' }).click(),
    () => staffSets({ status: 'completed', durationMinutes: 30 }),
  );
  await expect(page).toHaveURL(/\/client\/demandes/);
  await expect(item).toContainText('Terminée');
});

test('[CLIENT][LIVE][THREAD] a reply that arrives while the conversation is open is read as it shows', async ({
  page,
  request,
}) => {
  const { item, mine } = await clientWithAConversationOpen(page, request);
  await expect(item.getByText('Aucun message pour le moment.')).toBeVisible();

  const thread = `/api/admin/interventions/${mine.id}/messages`;
  const sent = await request.post(thread, { data: { body: 'Redémarrez, puis dites-moi ce qui s’affiche.' } });
  expect(sent.status(), await sent.text()).toBe(201);
  await expect(item.getByText('Redémarrez, puis dites-moi ce qui s’affiche.')).toBeVisible();
  // The technician's view: their message, read by the client once it was on the client's screen.
  await expect
    .poll(async () => {
      const { messages, readByOtherAt } = (await (await request.get(thread)).json()) as Thread;
      return readByOtherAt === messages.at(-1)?.createdAt;
    })
    .toBe(true);
});

test('[CLIENT][LIVE][THREAD] a reply says « Nouvelle réponse » on both lists until the client has read it', async ({
  page,
  request,
}) => {
  const { item, mine } = await clientWithARequest(page, request);
  const sent = await request.post(`/api/admin/interventions/${mine.id}/messages`, {
    data: { body: 'Pouvez-vous m’envoyer une photo de l’écran ?' },
  });
  expect(sent.status(), await sent.text()).toBe(201);

  // On the home, as it arrives: the request says so, and its link leads to the reading.
  await expect(item.getByText('Nouvelle réponse', { exact: true })).toBeVisible();
  await shot(page, 'client-home-unread-reply');
  await item.getByRole('link', { name: /^Lire la réponse/ }).click();

  // « Mes demandes » opens that conversation; once it is on screen, the request no longer says it is unread.
  await expect(page).toHaveURL(/\/client\/demandes/);
  const card = page.locator(`#demande-${mine.id}`);
  await expect(card.getByText('Pouvez-vous m’envoyer une photo de l’écran ?')).toBeVisible();
  await expect(card.getByText('Nouvelle réponse', { exact: true })).toHaveCount(0);
  await expect(card.locator('summary')).not.toContainText('nouvelle réponse');

  // Nor does the home, on the client's next visit.
  await page.getByRole('navigation', { name: 'Espace client' }).getByRole('link', { name: 'Accueil' }).click();
  await expect(item.getByRole('link', { name: /^Suivre/ })).toBeVisible();
  await expect(item.getByText('Nouvelle réponse', { exact: true })).toHaveCount(0);
});

test('[CLIENT][THREAD] a reply waiting on « Mes demandes » is said on its closed conversation', async ({
  page,
  request,
}) => {
  const { mine } = await clientWithARequest(page, request);
  const sent = await request.post(`/api/admin/interventions/${mine.id}/messages`, { data: { body: 'Bonjour !' } });
  expect(sent.status(), await sent.text()).toBe(201);
  await openClientPage(page, '/client/demandes');
  const card = page.locator(`#demande-${mine.id}`);
  await expect(card.getByText('Nouvelle réponse', { exact: true })).toBeVisible();
  await expect(card.locator('summary')).toContainText('nouvelle réponse');
  await shot(page, 'client-requests-unread-reply');
  await card.locator('summary').click();
  await expect(card.getByText('Bonjour !')).toBeVisible();
  await expect(card.getByText('Nouvelle réponse', { exact: true })).toHaveCount(0);
});

test('[CLIENT][LIVE][THREAD] the client sees « Lu » come under their message when the team reads it', async ({
  page,
  request,
}) => {
  const { item, mine } = await clientWithAConversationOpen(page, request);
  await item.getByLabel('Votre message').fill('Mon imprimante affiche « Erreur 5200 ».');
  await item.getByRole('button', { name: 'Envoyer' }).click();
  const sent = item.getByRole('list', { name: 'Messages' }).getByRole('listitem').last();
  await expect(sent).toContainText('Mon imprimante affiche « Erreur 5200 ».');
  await expect(sent.getByText('Lu', { exact: true })).toHaveCount(0);

  // A technician opens the conversation: their page marks it read, up to the newest message it shows.
  const thread = `/api/admin/interventions/${mine.id}/messages`;
  const { messages } = (await (await request.get(thread)).json()) as Thread;
  const read = await request.post(`${thread}/read`, { data: { upTo: messages.at(-1)!.id } });
  expect(read.status(), await read.text()).toBe(200);
  await expect(sent.getByText('Lu', { exact: true })).toBeVisible();
});
