import { expect, test, type Page } from '@playwright/test';
import { RETENTION } from '#shared/privacy/retention-periods.ts';

/**
 * Waits until React has hydrated the page's content. Today a #fragment click in the instant between hydrateRoot and
 * the lazy page resolving makes React throw the server HTML away and re-render (scroll lost); see the proposed fix to
 * page() in src/client/routes.tsx. Until then the test clicks once the content is React's.
 */
async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const main = document.querySelector('main');
    return !!main && Object.keys(main).some((k) => k.startsWith('__reactFiber$'));
  });
}

// The six plans of the catalogue (docs/decisions/027), as the CGV must list them.
const PLANS = [
  ['Basique', '1 mois', '1', '10,00 €'],
  ['Standard', '3 mois', '1', '25,00 €'],
  ['Étendue', '6 mois', '1', '35,00 €'],
  ['Pro', '1 an', '1', '50,00 €'],
  ['Duo', '1 an', '2', '85,00 €'],
  ['Famille', '1 an', '3', '110,00 €'],
];

test('[PUBLIC][LEGAL] the CGV list the six plans from the catalogue', async ({ page }) => {
  await page.goto('/cgv');
  await expect(page.getByRole('heading', { level: 1, name: 'Conditions générales de vente' })).toBeVisible();
  const rows = page.getByRole('region', { name: 'Tableau des abonnements' }).locator('tbody tr');
  await expect(rows).toHaveCount(6);
  for (const [i, cells] of PLANS.entries()) {
    await expect(rows.nth(i).locator('th, td')).toHaveText(cells);
  }
});

test('[PUBLIC][LEGAL] the CGV state the key terms of SPEC §2', async ({ page }) => {
  await page.goto('/cgv');
  const main = page.getByRole('main');
  for (const text of [
    'durée déterminée',
    'n’est pas renouvelé automatiquement',
    'sans notre accord écrit préalable',
    'carte bancaire',
    'Aucune TVA n’est facturée',
    'vous installez vous-même',
    // Consumer law (docs/decisions/041): withdrawal even after an express request, French law, a mediator, no cap.
    'demander expressément',
    'Sans cette demande, vous ne devez rien',
    'Modèle de formulaire de rétractation',
    'droit français',
    'article R631-3',
    'ne limite ni n’exclut votre droit à réparation',
    'CM2C',
  ])
    await expect(main).toContainText(text);
  for (const gone of [
    'cryptomonnaie',
    'tribunaux compétents du Wyoming',
    'limitée au montant',
    'ne peut plus être exercé',
  ])
    await expect(main).not.toContainText(gone);
  await expect(page.getByTestId('withdrawal-form')).toContainText('Je/Nous (*) vous notifie/notifions (*)');
});

test('[PUBLIC][LEGAL] the CGV version of 17 January 2025 stays readable, marked as past', async ({ page }) => {
  await page.goto('/cgv');
  await page.getByRole('link', { name: 'Version du 17 janvier 2025' }).click();
  await expect(page).toHaveURL(/\/cgv\?version=2025-01-17$/);
  await expect(page.getByTestId('cgv-past-version')).toContainText('n’est plus en vigueur');
  await expect(page.getByRole('main')).toContainText('droit de l’État du Wyoming');
  await expect(page.getByText('Dernière mise à jour : 17 janvier 2025')).toBeVisible();
});

test('[PUBLIC][LEGAL] the legal notices name the publisher, the director of publication, the host, the mediator', async ({
  page,
}) => {
  await page.goto('/');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Éditeur et hébergeur' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mentions légales' })).toBeVisible();
  for (const text of ['RFS Assistance LLC', 'Le gérant de RFS Assistance LLC', 'OVH SAS', 'CM2C'])
    await expect(page.getByRole('main')).toContainText(text);
});

test('[PUBLIC][LEGAL] company details come from the configuration', async ({ page }) => {
  await page.goto('/cgv');
  const identity = page.locator('#prestataire');
  // The e2e server runs with the default configuration (src/server/config.ts).
  for (const text of [
    'RFS Assistance LLC',
    'Wyoming LLC n° 2023-001234567',
    '30 N Gould St, Sheridan, WY 82801',
    'contact@rfs-assistance.example',
    '+33 1 84 80 00 00',
  ]) {
    await expect(identity).toContainText(text);
  }
});

test('[PUBLIC][LEGAL] the table of contents jumps to its section', async ({ page }) => {
  await page.goto('/cgv');
  await waitForHydration(page);
  const toc = page.getByRole('navigation', { name: 'Sommaire' });
  await expect(toc.getByRole('link')).toHaveCount(19);
  await toc.getByRole('link', { name: 'Droit applicable et litiges' }).click();
  await expect(page).toHaveURL(/#droit-applicable$/);
  await expect(page.getByRole('heading', { level: 2, name: /Droit applicable et litiges/ })).toBeInViewport();
});

test('[PUBLIC][LEGAL] the privacy policy states processors, transfers, each retention period, rights and its date', async ({
  page,
}) => {
  await page.goto('/privacy-policy');
  await expect(page.getByRole('heading', { level: 1, name: 'Politique de confidentialité' })).toBeVisible();
  await expect(page.getByText('Dernière mise à jour : 27 novembre 2026')).toBeVisible();
  // One entry per period of the table the nightly purges read (src/shared/privacy/retention-periods.ts).
  const retention = page.getByRole('list', { name: 'Durées de conservation' });
  await expect(retention.getByRole('listitem')).toHaveCount(Object.keys(RETENTION).length);
  for (const text of [
    '3 ans après la fin de votre dernier abonnement',
    '30 jours après la décision',
    '2 ans après la clôture de la demande',
    '90 jours après leur envoi',
    '10 ans après la clôture de l’exercice comptable',
    'puis anonymisation',
  ])
    await expect(retention).toContainText(text);
  const main = page.getByRole('main');
  for (const text of [
    'justificatif',
    'pièces jointes',
    'identifiant de prise en main',
    'OVH SAS',
    'notre prestataire d’envoi d’e-mails',
    'clauses contractuelles types',
    'accéder',
    'rectifier',
    'effacement',
    'portabilité',
    'opposer',
    'CNIL',
    'un seul cookie, de session',
    'Aucun cookie de suivi',
  ]) {
    await expect(main).toContainText(text);
  }
  // The e2e server runs without online payment: Stripe is not named as a processor.
  await expect(main).not.toContainText('Stripe Payments Europe');
  for (const title of [
    'Données que nous collectons',
    'Utilisation de vos données',
    'Destinataires et sous-traitants',
    'Transferts hors de l’Union européenne',
    'Sécurité',
    'Durée de conservation',
    'Vos droits',
    'Cookies',
    'Nous contacter',
  ]) {
    await expect(page.getByRole('heading', { level: 2, name: new RegExp(title) })).toBeVisible();
  }
});

test('[PUBLIC][LEGAL] the footer links reach the legal pages', async ({ page }) => {
  await page.goto('/privacy-policy');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Éditeur et hébergeur' }).click();
  await expect(page).toHaveURL('/mentions-legales');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Mentions légales' }).click();
  await expect(page).toHaveURL('/cgv');
  await page.getByRole('contentinfo').getByRole('link', { name: 'Politique de confidentialité' }).click();
  await expect(page).toHaveURL('/privacy-policy');
});

test('[PUBLIC][LEGAL] a link at the foot of the landing page opens the CGV at their top', async ({ page }) => {
  await page.goto('/');
  await expect(page.locator('[data-hydrated="true"]')).toBeAttached();
  const link = page.getByRole('contentinfo').getByRole('link', { name: 'Mentions légales' });
  await link.scrollIntoViewIfNeeded();
  expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(500);
  await link.click();
  await expect(page).toHaveURL('/cgv');
  await expect(page.getByRole('heading', { name: 'Conditions générales de vente', level: 1 })).toBeInViewport();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
});
