import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { render } from '#client/entry-server.tsx';
import { siteInfo } from '#server/config.ts';
import { helpArticles, helpArticleViews, helpFailedSearches } from '#server/db/schema.ts';
import { writeStarterArticles } from '#server/services/help/starter-articles.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { readHelpPage } from './help-pages.ts';

const at = (path: string) => new URL(path, 'http://localhost');
const VISITOR = '203.0.113.7';

describe('[HELP][PAGES] /aide and /aide/<slug> rendered on the server', () => {
  let t: TestApp;
  const page = async (path: string, method = 'GET') => {
    const help = await readHelpPage(t.app, at(path), method, VISITOR);
    const rendered = await render(path.split('?')[0]!, siteInfo(t.config), { signedIn: false }, help);
    // The text as a reader sees it: without the comments React puts between a text and a value.
    return { help, rendered: { ...rendered, html: rendered.html.replaceAll('<!-- -->', '') } };
  };
  beforeAll(async () => {
    t = await createTestApp();
    expect(await writeStarterArticles(t.db)).toBe(12);
    // The first start's articles are written once: a later start, or one after staff removed some, writes none.
    await t.db.delete(helpArticles).where(eq(helpArticles.slug, 'payer-en-ligne'));
    expect(await writeStarterArticles(t.db)).toBe(0);
    await t.db.insert(helpArticles).values({
      slug: 'brouillon',
      title: 'Un brouillon',
      summary: 'Pas encore relu par un administrateur.',
      body: 'Texte <script>alert(1)</script>',
      bodyText: 'Texte',
      category: 'mac',
    });
  });
  afterAll(async () => t.close());

  it('renders a published article with its title, description, address and structured data, and counts the read', async () => {
    const { help, rendered } = await page('/aide/imprimante-n-imprime-plus');
    expect(help?.kind).toBe('article');
    expect(rendered.status).toBe(200);
    expect(rendered.head).toContain('<title>Mon imprimante n’imprime plus | RFS Assistance</title>');
    expect(rendered.head).toContain('<meta name="description" content="Les vérifications à faire avant');
    expect(rendered.head).toContain(
      '<link rel="canonical" href="http://localhost:3000/aide/imprimante-n-imprime-plus" />',
    );
    expect(rendered.head).not.toContain('noindex');
    const json = /<script type="application\/ld\+json">(.*?)<\/script>/.exec(rendered.head)![1]!;
    expect(JSON.parse(json)).toMatchObject({ '@type': 'Article', headline: 'Mon imprimante n’imprime plus' });
    expect(rendered.html).toContain('<h2>3. Videz la file d’attente</h2>');
    expect(rendered.html).toContain('Cet article vous a-t-il aidé ?');

    // Read again from the same address within the hour, and a HEAD: still one read; from another address, two.
    await page('/aide/imprimante-n-imprime-plus');
    await page('/aide/imprimante-n-imprime-plus', 'HEAD');
    expect((await t.db.select().from(helpArticleViews))[0]!.views).toBe(1);
    await readHelpPage(t.app, at('/aide/imprimante-n-imprime-plus'), 'GET', '203.0.113.8');
    expect((await t.db.select().from(helpArticleViews))[0]!.views).toBe(2);
  });

  it('answers the 404 page for a draft, a removed article and an unknown address, and counts nothing', async () => {
    for (const path of ['/aide/brouillon', '/aide/payer-en-ligne', '/aide/inconnu', '/aide/Majuscules', '/aide/a/b']) {
      const { help, rendered } = await page(path);
      expect(help?.kind, path).toBe('missing');
      expect(rendered.status, path).toBe(404);
      expect(rendered.head).toContain('<meta name="robots" content="noindex" />');
      expect(rendered.html).toContain('Page Not Found');
      expect(rendered.html).not.toContain('brouillon');
    }
    expect(await t.db.$count(helpArticleViews)).toBe(1);
  });

  it('renders /aide with its categories, and the results of a search sent by its form', async () => {
    const { help, rendered } = await page('/aide?q=ecran noir');
    expect(rendered.status).toBe(200);
    expect(rendered.head).toContain('<link rel="canonical" href="http://localhost:3000/aide" />');
    expect(help?.kind === 'home' && help.categories.map((c) => c.category)).toEqual([
      'windows',
      'mac',
      'internet',
      'imprimantes',
      'securite',
      'sauvegarde',
      'abonnement',
    ]);
    expect(help?.kind === 'home' && help.mostRead.map((a) => a.slug)).toEqual(['imprimante-n-imprime-plus']);
    expect(rendered.html).toContain('Résultats pour « ecran noir »');
    expect(rendered.html).toContain('Mon Mac ne démarre plus');
    expect(rendered.html).not.toContain('Un brouillon');

    // A search that finds nothing says so and is kept for staff.
    const none = await page('/aide?q=fax qui bipe');
    expect(none.rendered.html).toContain('Aucun article ne répond encore à cette question');
    expect((await t.db.select().from(helpFailedSearches)).map((m) => m.query)).toEqual(['fax qui bipe']);

    // A link can carry what no one types (a NUL, a bell): searched and kept as spaces.
    const odd = await page('/aide?q=zorglubqx%00minitel%07');
    expect(odd.help?.kind === 'home' && odd.help.search?.results).toEqual([]);
    expect((await t.db.select().from(helpFailedSearches)).map((m) => m.query)).toContain('zorglubqx minitel');
  });

  it('keeps the misses of one address up to the allowance of a question asked; the page still answers past it', async () => {
    const kept = async () =>
      (await t.db.select().from(helpFailedSearches)).filter((m) => m.query.startsWith('zorglub quasar'));
    const ask = (n: number, address: string) => readHelpPage(t.app, at(`/aide?q=zorglub quasar ${n}`), 'GET', address);
    for (let n = 1; n <= 40; n++) {
      const help = await ask(n, '198.51.100.20');
      expect(help?.kind === 'home' && help.search).toEqual({ q: `zorglub quasar ${n}`, results: [] });
    }
    expect(await kept()).toHaveLength(30);
    // Another address keeps its own allowance.
    await ask(41, '198.51.100.21');
    expect((await kept()).map((m) => m.query)).toContain('zorglub quasar 41');
  });

  it('leaves every other address to the other pages', async () => {
    expect(await readHelpPage(t.app, at('/aidez-moi'), 'GET', VISITOR)).toBeUndefined();
    expect(await readHelpPage(t.app, at('/cgv'), 'GET', VISITOR)).toBeUndefined();
  });
});
