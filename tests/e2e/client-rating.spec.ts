import { expect, test } from '@playwright/test';
import { createClient, reloadClientPage, signInToDashboard, WIDTHS } from './client-fixtures.ts';
import { expectNoSeriousA11yViolations, shot, staffSignIn, newestRequestsFirst } from './fixtures.ts';

const COMMENT = 'Technicien très patient, tout remarche !';

for (const { name, viewport } of WIDTHS) {
  test(`[CLIENT][RATE_INTERVENTION] staff complete an intervention, the client rates it 5 with a comment, staff see it (${name})`, async ({
    browser,
    request,
  }) => {
    // Two people, two browsers, one after the other.
    test.setTimeout(180_000);
    const client = await createClient(request, 'pro');
    // A context of its own: the accessibility scan needs one.
    const clientContext = await browser.newContext({ viewport });
    const clientPage = await clientContext.newPage();
    await signInToDashboard(clientPage, client.username, client.password);
    await clientPage.getByRole('button', { name: 'Demander une assistance' }).click();
    await expect(clientPage.getByText('Demande envoyée', { exact: true })).toBeVisible();
    // Followed, closed and rated on « Mes demandes ».
    await clientPage
      .getByRole('navigation', { name: 'Espace client' })
      .getByRole('link', { name: 'Mes demandes' })
      .click();
    const item = clientPage.getByRole('listitem').filter({ hasText: /Intervention #\d+/ });
    // While nobody has taken it, the client may withdraw it; nothing to rate yet.
    await expect(item.getByRole('button', { name: 'Je n’ai plus besoin d’aide' })).toBeVisible();
    await expect(item.getByRole('radio')).toHaveCount(0);

    // Staff take it in charge, then complete it.
    const staffPage = await browser.newPage({ viewport });
    await staffSignIn(staffPage);
    await staffPage.getByRole('tab', { name: 'Interventions' }).click();
    await newestRequestsFirst(staffPage);
    const card = staffPage.getByRole('article').filter({ hasText: client.email });
    await card.getByRole('button', { name: 'Prendre en charge' }).click();
    await card.getByRole('button', { name: 'Terminer' }).click();
    await card.getByLabel('Durée (minutes)').fill('25');
    await card.getByRole('button', { name: 'Confirmer la fin' }).click();
    await expect(card.getByText('Terminée')).toBeVisible();

    // The client's dashboard now asks for their opinion.
    await reloadClientPage(clientPage);
    const form = item.getByRole('form', { name: /Votre avis sur la demande/ });
    await expect(form).toBeVisible();
    await expect(item.getByRole('button', { name: 'Je n’ai plus besoin d’aide' })).toHaveCount(0);
    // Sending without a note says what is missing, in French.
    await form.getByRole('button', { name: 'Envoyer mon avis' }).click();
    await expect(form.getByRole('alert')).toHaveText('Choisissez une note de 1 à 5 étoiles');
    // A tap on the fifth star; the arrow keys move along the group like any radio group.
    await form
      .locator('label')
      .filter({ has: clientPage.getByRole('radio') })
      .nth(4)
      .click();
    const five = form.getByRole('radio', { name: '5 étoiles, Très satisfait' });
    await expect(five).toBeChecked();
    await clientPage.keyboard.press('ArrowLeft');
    await expect(form.getByRole('radio', { name: '4 étoiles, Satisfait' })).toBeChecked();
    await clientPage.keyboard.press('ArrowRight');
    await expect(five).toBeChecked();
    await form.getByLabel('Un commentaire (facultatif)').fill(COMMENT);
    await expectNoSeriousA11yViolations(clientPage);
    await shot(clientPage, `rating-form-${name}`);
    await shot(item, `rating-form-item-${name}`);
    await form.getByRole('button', { name: 'Envoyer mon avis' }).click();

    const mine = item.getByTestId('my-rating');
    await expect(mine).toContainText(COMMENT);
    await expect(mine.getByRole('img', { name: '5 étoiles sur 5' })).toBeVisible();
    await expect(mine.getByRole('button', { name: 'Modifier mon avis' })).toBeVisible();
    await shot(clientPage, `rating-given-${name}`);
    await shot(item, `rating-given-item-${name}`);

    // Staff see the note on the card, with the comment, and the month's average on the dashboard.
    await staffPage.reload();
    await staffPage.getByRole('tab', { name: 'Interventions' }).click();
    await newestRequestsFirst(staffPage);
    await expect(card.getByText('5/5')).toBeVisible();
    const rating = card.getByTestId('client-rating');
    await expect(rating).toContainText(COMMENT);
    await expect(rating.getByRole('img', { name: '5 étoiles sur 5' })).toBeVisible();
    await shot(staffPage, `staff-rating-${name}`);
    await shot(card, `staff-rating-card-${name}`);
    // The filter by the client's rating: a 5-star request is among the rated ones, not among those to call back.
    await staffPage.getByLabel('Avis du client').selectOption('Avec un avis');
    await expect(card.getByText('5/5')).toBeVisible();
    await staffPage.getByLabel('Avis du client').selectOption('1 ou 2 étoiles');
    await expect(card).toHaveCount(0);
    await staffPage.getByRole('tab', { name: 'Tableau de bord' }).click();
    // The section and its scrolling table share the heading as name: the table's region is the inner one.
    const table = staffPage.getByRole('region', { name: /Avis des clients/ }).last();
    // The dashboard's figures load after its revenue figures: on a busy machine this takes a while. One row per month
    // of requests (the suite's ratings may span two across a month's end), this one's with its average.
    await expect(table.getByRole('row').filter({ hasText: '/ 5' }).first()).toBeVisible({ timeout: 30_000 });
    await shot(staffPage, `staff-dashboard-${name}`);
    await shot(staffPage.locator('section[aria-labelledby="rating-title"]'), `staff-dashboard-ratings-${name}`);
    await staffPage.close();
    await clientContext.close();
  });
}

for (const { name, viewport } of WIDTHS) {
  test(`[CLIENT][CLOSE_INTERVENTION] the client withdraws an intervention nobody has taken yet, from the client area (${name})`, async ({
    browser,
    request,
  }) => {
    test.setTimeout(120_000);
    const client = await createClient(request, 'pro');
    const page = await browser.newPage({ viewport });
    await page.goto('/client/login');
    await expect(page.getByRole('button', { name: 'Se connecter' })).toBeEnabled();
    await page.getByLabel("Nom d'utilisateur").fill(client.username);
    await page.getByLabel('Mot de passe').fill(client.password);
    await page.getByRole('button', { name: 'Se connecter' }).click();
    await expect(page).toHaveURL(/\/client\/dashboard$/);

    await page.getByRole('button', { name: 'Créer une demande' }).click();
    const dialog = page.getByRole('dialog', { name: 'Créer une demande' });
    await dialog.getByLabel('Décrivez votre problème').fill('Le Wi-Fi se coupe toutes les dix minutes.');
    await dialog.getByLabel('Votre appareil').fill('Portable Asus');
    await dialog.getByRole('button', { name: 'Envoyer la demande' }).click();
    await expect(dialog).toBeHidden();

    const item = page.getByRole('listitem').filter({ hasText: /Intervention #\d+/ });
    await item.getByRole('button', { name: 'Je n’ai plus besoin d’aide' }).click();
    const confirm = page.getByRole('alertdialog', { name: 'Annuler cette demande ?' });
    await expect(confirm).toContainText('ne comptera pas dans les interventions de votre mois');
    await shot(page, `close-dialog-${name}`);
    await confirm.getByRole('button', { name: 'Annuler ma demande' }).click();
    // What lasts is the request's status (the toast that says so is gone after 5 s).
    await expect(item).toContainText('Annulée');
    await expect(item.getByRole('button', { name: 'Je n’ai plus besoin d’aide' })).toHaveCount(0);
    // A withdrawn request is not rated: there was no help to judge.
    await expect(item.getByRole('radio')).toHaveCount(0);
    await shot(item, `closed-item-${name}`);
    await page.close();
  });
}
