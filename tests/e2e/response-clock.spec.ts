import { expect, test } from '@playwright/test';
import { createClient, signInToDashboard, WIDTHS } from './client-fixtures.ts';
import { expectNoSeriousA11yViolations, shot, staffSignIn, closeOpenedContexts } from './fixtures.ts';

test.afterEach(closeOpenedContexts);

// The copy button writes to the clipboard; the test reads it back.
const permissions = ['clipboard-read', 'clipboard-write'];

for (const { name, viewport } of WIDTHS) {
  test(`[CLOCK][REMOTE][THREAD] a remote session with its RustDesk ID, a message, staff answer it in time (${name})`, async ({
    browser,
    request,
  }) => {
    // Two people, two browsers, one after the other: more steps than one page's test.
    const client = await createClient(request, 'pro');
    // A context per person (axe scans pages of a context, not of browser.newPage).
    const clientPage = await (await browser.newContext({ viewport })).newPage();
    await signInToDashboard(clientPage, client.username, client.password);

    // The ID is checked against the tool before anything is sent.
    await clientPage.getByRole('button', { name: 'Session à distance' }).click();
    const dialog = clientPage.getByRole('dialog', { name: 'Session à distance' });
    await expect(dialog.getByLabel('Outil de prise en main')).toHaveValue('rustdesk');
    await dialog.getByLabel('Identifiant RustDesk').fill('12 34');
    await dialog.getByRole('button', { name: 'Demander la session' }).click();
    await expect(dialog.getByText('Identifiant RustDesk invalide : 9 chiffres, par exemple 123 456 789')).toBeVisible();
    await expect(dialog.getByLabel(/mot de passe/i)).toHaveCount(0);
    await expectNoSeriousA11yViolations(clientPage);
    await dialog.getByLabel('Identifiant RustDesk').fill('123 456 789');
    await shot(clientPage, `remote-dialog-${name}`);
    await dialog.getByRole('button', { name: 'Demander la session' }).click();
    await expect(dialog).toBeHidden();

    // The client reads when it will be taken in charge (15 minutes of the Pro hours).
    const home = clientPage.getByRole('listitem').filter({ hasText: 'Session à distance' });
    await expect(home.getByTestId('response-clock')).toHaveText(/^Prise en charge avant /);
    await expect(home.getByTestId('response-clock')).toHaveAttribute('data-state', 'waiting');
    // « Suivre » opens the request on « Mes demandes », where its conversation is.
    await home.getByRole('link', { name: /^Suivre/ }).click();
    await expect(clientPage).toHaveURL(/\/client\/demandes\?demande=\d+$/);
    const history = clientPage.getByRole('listitem').filter({ hasText: /Intervention #\d+/ });
    await expect(history.getByTestId('response-clock')).toHaveAttribute('data-state', 'waiting');
    // The client adds a detail in the request's conversation, which the link opened.
    await history.getByLabel('Votre message').fill('RustDesk est ouvert, je reste devant l’ordinateur.');
    // With a screenshot of what the client sees (a real PNG, taken by the browser).
    const capture = await clientPage.screenshot();
    await history
      .getByLabel(/Joindre une capture/)
      .setInputFiles({ name: 'mon-ecran.png', mimeType: 'image/png', buffer: capture });
    await expect(history.getByTestId('attached-file')).toHaveText('mon-ecran.png');
    await history.getByRole('button', { name: 'Envoyer' }).click();
    await expect(history.getByRole('list', { name: 'Messages' })).toContainText('RustDesk est ouvert');
    await expect(history.getByRole('img', { name: 'mon-ecran.png' })).toBeVisible();
    await expect(history.getByLabel('Votre message')).toHaveValue('');
    await shot(clientPage, `client-clock-${name}`);
    await expectNoSeriousA11yViolations(clientPage);

    // Staff see the time left, the tool and its ID, sorted first among the requests to handle.
    const staffPage = await (await browser.newContext({ viewport, permissions })).newPage();
    await staffSignIn(staffPage);
    await staffPage.getByRole('tab', { name: 'Interventions' }).click();
    await staffPage.getByLabel('Trier par').selectOption('due');
    const card = staffPage.getByRole('article').filter({ hasText: client.email });
    await expect(card.getByTestId('response-clock')).toHaveText(/^Reste \d/);
    const remote = card.getByTestId('remote-session');
    await expect(remote).toContainText('RustDesk');
    await expect(remote).toContainText('123 456 789');
    await expect(remote.getByRole('link', { name: 'Ouvrir dans RustDesk' })).toHaveAttribute(
      'href',
      'rustdesk://connection/new/123456789',
    );
    await remote.getByRole('button', { name: 'Copier l’identifiant' }).click();
    // The copy is asynchronous: the clipboard is read until it holds the ID.
    await expect.poll(() => staffPage.evaluate(() => navigator.clipboard.readText())).toBe('123456789');
    // Once answered, the request leaves the top of « À traiter en premier » for the requests still waiting (other
    // tests' too, on the shared server): the answer is followed in « Plus récentes », where it stays on the first page.
    await staffPage.getByLabel('Trier par').selectOption('recent');
    // Staff read the client's message and answer it: the answer is the first response. The card says a message is
    // waiting until a member has read it.
    await expect(card.getByText('Nouveau message du client', { exact: true })).toBeVisible();
    await card.getByText('Conversation').click();
    await expect(card.getByRole('list', { name: 'Messages' })).toContainText(
      'RustDesk est ouvert, je reste devant l’ordinateur.',
    );
    await expect(card.getByText('Nouveau message du client', { exact: true })).toHaveCount(0);
    const image = card.getByRole('img', { name: 'mon-ecran.png' });
    await expect(image).toBeVisible();
    // The browser decoded the stored bytes as the screenshot the client sent (once it has loaded: visible comes first).
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(viewport.width);
    await card.getByLabel('Votre message').fill('Je me connecte dans deux minutes.');
    await card.getByRole('button', { name: 'Envoyer' }).click();
    await expect(card.getByTestId('response-clock')).toHaveText('Prise en charge dans les délais');
    await expectNoSeriousA11yViolations(staffPage);
    await shot(staffPage, `staff-clock-${name}`);

    // The client's dashboard now marks the request answered within the promise.
    await clientPage.reload();
    await expect(history.getByTestId('response-clock')).toHaveText('Prise en charge dans les délais');
    await expect(history.getByTestId('response-clock')).toHaveAttribute('data-state', 'answered');
    // Still on the request's link: its conversation is open, with the answer in it.
    const answer = history.getByRole('listitem').filter({ hasText: 'Je me connecte dans deux minutes.' });
    await expect(answer).toContainText('Technicien');
    // Read there, it is no longer news.
    await expect(history.getByText('Nouvelle réponse', { exact: true })).toHaveCount(0);
    await shot(clientPage, `client-answered-${name}`);
    await staffPage.context().close();
    await clientPage.context().close();
  });
}
