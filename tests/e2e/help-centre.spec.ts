import { expect, test, type Browser } from '@playwright/test';
import { expectNoSeriousA11yViolations, fromAnAddress, shot, staffSignIn } from './fixtures.ts';
import { createClient, WIDTHS } from './client-fixtures.ts';
import type { HelpArticleDto } from '#shared/help/help-admin-api.ts';

// One article per width, with words of its own: each test finds the one it wrote.
const ARTICLES = {
  phone: {
    title: 'Mon scanner ne numérise plus',
    // The plural finds the loanword the French stemmer cuts otherwise (« scanner » → scann, « scanners » → scanner).
    query: 'scanners',
    problem: 'Bonjour, mon scanner ne marche plus du tout',
  },
  desktop: {
    title: 'Ma webcam reste noire en visio',
    query: 'webcams',
    problem: 'La webcam de mon portable reste noire pendant les appels',
  },
} as const;

async function visitorPage(browser: Browser, viewport: { width: number; height: number }) {
  const context = await browser.newContext({ viewport, locale: 'fr-FR' });
  return context.newPage();
}

for (const { name, viewport } of WIDTHS) {
  test.describe(`help centre at ${viewport.width} px`, () => {
    test.use({ viewport });
    const article = ARTICLES[name];

    test(`[HELP][JOURNEY] staff publish, a visitor finds it on /aide, a client marks it solved (${name})`, async ({
      page,
      browser,
      request,
    }) => {
      // Three people's journeys, each scanned by axe: longer than one page's test.
      test.slow();
      // Staff write the article in « Aide » and publish it.
      await staffSignIn(page);
      await page.goto('/admin?tab=aide');
      await expect(page.getByRole('heading', { name: 'Aide', exact: true })).toBeVisible();
      await page.getByRole('button', { name: 'Nouvel article' }).click();
      await page.getByLabel('Titre').fill(article.title);
      await page.getByLabel('Thème').selectOption('windows');
      await page.getByLabel('Résumé').fill('Les vérifications à faire avant de demander un technicien.');
      await page
        .getByLabel('Texte')
        .fill('## Vérifiez\n\n1. Le câble est **branché**\n2. Redémarrez l’ordinateur\n\n<script>alert(1)</script>');
      await page.getByRole('button', { name: 'Aperçu' }).click();
      const preview = page.getByRole('region', { name: 'Aperçu de l’article' });
      await expect(preview.getByText('<script>alert(1)</script>')).toBeVisible();
      await expectNoSeriousA11yViolations(page);
      await shot(page, `help-editor-${name}`);
      await page.getByRole('button', { name: 'Publier' }).click();
      await expect(page.getByText('Article publié')).toBeVisible();
      const row = page.getByRole('listitem').filter({ hasText: article.title });
      await expect(row.getByText('Publié', { exact: true })).toBeVisible();
      await expectNoSeriousA11yViolations(page);

      // A visitor searches the help centre (plural, no accent) and reads it.
      const visitor = await visitorPage(browser, viewport);
      await visitor.goto('/aide');
      await expect(visitor.getByRole('heading', { level: 1, name: 'Centre d’aide' })).toBeVisible();
      await expectNoSeriousA11yViolations(visitor);
      await visitor.getByLabel('Rechercher dans l’aide').fill(article.query);
      await visitor.getByRole('button', { name: 'Rechercher' }).click();
      await expect(visitor.getByRole('heading', { name: `Résultats pour « ${article.query} »` })).toBeVisible();
      await shot(visitor, `help-results-${name}`);
      await visitor
        .getByRole('region', { name: `Résultats pour « ${article.query} »` })
        .getByRole('link', { name: article.title })
        .click();
      await expect(visitor.getByRole('heading', { level: 1, name: article.title })).toBeVisible();
      await expect(visitor.getByText('<script>alert(1)</script>')).toBeVisible();
      await expect(visitor.locator('html[data-script-ready="true"]')).toHaveCount(1);
      await expectNoSeriousA11yViolations(visitor);
      await visitor.getByRole('button', { name: 'Oui' }).click();
      await expect(visitor.getByText('Merci ! Nous sommes ravis d’avoir pu vous aider.')).toBeVisible();
      await shot(visitor, `help-article-${name}`);
      await visitor.context().close();

      // A client describing the problem sees it suggested and marks it solved: no request is created.
      const client = await createClient(request, 'pro');
      const customer = await visitorPage(browser, viewport);
      const signIn = await customer.request.post('/api/auth/login', {
        data: { email: client.username, password: client.password },
        headers: fromAnAddress(),
      });
      expect(signIn.status()).toBe(200);
      await customer.goto('/client/demandes');
      await expect(customer.locator('html[data-script-ready="true"]')).toHaveCount(1);
      await customer.getByRole('button', { name: 'Créer une demande' }).click();
      const dialog = customer.getByRole('dialog', { name: 'Créer une demande' });
      await dialog.getByLabel('Décrivez votre problème').fill(article.problem);
      const suggestions = dialog.getByTestId('help-suggestions');
      await expect(suggestions.getByRole('link', { name: article.title })).toBeVisible();
      await expect(suggestions.getByRole('button', { name: 'Non, envoyer ma demande' })).toBeVisible();
      await expectNoSeriousA11yViolations(customer);
      await shot(customer, `help-suggestion-${name}`);
      await suggestions.getByRole('button', { name: `Cela a résolu mon problème : ${article.title}` }).click();
      await expect(dialog).toBeHidden();
      await expect(customer.getByText('Tant mieux !')).toBeVisible();
      const requests = await customer.request.get('/api/client/interventions');
      expect(await requests.json()).toEqual([]);
      await customer.context().close();

      // Staff read it back: one read, one « Oui », one question answered without a request.
      const articles = await (await page.request.get('/api/admin/help/articles')).json();
      expect(articles.find((a: HelpArticleDto) => a.title === article.title)).toMatchObject({
        views: 1,
        yes: 1,
        no: 0,
        solved: 1,
      });
    });
  });
}

test('[HELP][SUGGEST] the dashboard suggests three articles as the problem is described; « solved » sends nothing', async ({
  page,
  browser,
  request,
}) => {
  test.slow();
  await staffSignIn(page);
  const solvedCounts = async () =>
    new Map(
      ((await (await page.request.get('/api/admin/help/articles')).json()) as HelpArticleDto[]).map((a) => [
        a.slug,
        a.solved,
      ]),
    );
  const before = await solvedCounts();

  const client = await createClient(request, 'pro');
  const customer = await visitorPage(browser, { width: 1280, height: 900 });
  const signIn = await customer.request.post('/api/auth/login', {
    data: { email: client.username, password: client.password },
    headers: fromAnAddress(),
  });
  expect(signIn.status()).toBe(200);
  await customer.goto('/dashboard');
  await expect(customer.locator('html[data-script-ready="true"]')).toHaveCount(1);
  const describe = customer.getByRole('button', { name: /^Décrire mon problème/ });
  const description = customer.getByLabel('Décrivez votre problème');
  const suggestions = customer.getByTestId('help-suggestions');

  // A sentence naming three problems: more than three articles answer it, three are shown once the typing pauses.
  await describe.click();
  await description.fill('Mon ordinateur est lent, Internet ne marche plus et mon imprimante n’imprime plus');
  await expect(suggestions.getByRole('listitem')).toHaveCount(3);
  const slug = (await suggestions.getByRole('listitem').first().getByRole('link').getAttribute('href'))!.replace(
    '/aide/',
    '',
  );
  // That article's own item, whatever order a later answer to the typing would put the three in.
  const answered = suggestions.getByRole('listitem').filter({ has: customer.locator(`a[href="/aide/${slug}"]`) });
  await expectNoSeriousA11yViolations(customer);
  await answered.getByRole('button', { name: /^Cela a résolu mon problème/ }).click();
  await expect(customer.getByText('Tant mieux !')).toBeVisible();
  await expect(description).toBeHidden();
  expect(await (await customer.request.get('/api/client/interventions')).json()).toEqual([]);
  expect((await solvedCounts()).get(slug)).toBe((before.get(slug) ?? 0) + 1);

  // Described again, and not answered: « Non, envoyer ma demande » sends it in the client's words.
  await describe.click();
  await description.fill('Mon imprimante fait un bruit étrange au démarrage');
  await expect(suggestions.getByRole('button', { name: 'Non, envoyer ma demande' })).toBeVisible();
  await suggestions.getByRole('button', { name: 'Non, envoyer ma demande' }).click();
  await expect(customer.getByText('Demande envoyée')).toBeVisible();
  await expect(description).toBeHidden();
  const sent = (await (await customer.request.get('/api/client/interventions')).json()) as { description: string }[];
  expect(sent.map((r) => r.description)).toEqual(['Mon imprimante fait un bruit étrange au démarrage']);
  await customer.context().close();
});

test('[HELP][404] a draft and an unknown address answer the 404 page; the sitemap lists published articles only', async ({
  page,
  request,
}) => {
  for (const path of ['/aide/n-existe-pas', '/aide/Pas%20une%20adresse']) {
    const res = await page.goto(path);
    expect(res!.status()).toBe(404);
    await expect(page.getByRole('heading', { name: 'Page Not Found' })).toBeVisible();
  }
  const sitemap = await (await request.get('/sitemap.xml')).text();
  expect(sitemap).toContain('/aide/imprimante-n-imprime-plus</loc>');
  expect(sitemap).toContain('/aide</loc>');
  // Crawlers find the sitemap from robots.txt, at the address the server is configured with.
  const robots = await request.get('/robots.txt');
  expect(robots.headers()['content-type']).toContain('text/plain');
  expect(await robots.text()).toMatch(/^Sitemap: http:\/\/127\.0\.0\.1:\d+\/sitemap\.xml$/m);
});
