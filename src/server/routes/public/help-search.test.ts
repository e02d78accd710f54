import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { helpArticles, helpFailedSearches, helpFeedback } from '#server/db/schema.ts';
import { markdownText } from '#server/services/help/markdown.ts';
import { askWithSnippets } from '#server/services/help/search.ts';
import type { HelpSearchResult } from '#shared/help/help-api.ts';
import type { HelpCategory } from '#shared/help/help-labels.ts';

type Article = {
  slug: string;
  title: string;
  summary: string;
  body: string;
  category?: HelpCategory;
  status?: 'draft' | 'published';
};

const ARTICLES: Article[] = [
  {
    slug: 'imprimante-n-imprime-plus',
    title: 'Mon imprimante n’imprime plus',
    summary: 'Les vérifications à faire avant de nous appeler.',
    body: 'Vérifiez que l’appareil est allumé et relié au Wi-Fi, puis relancez la file d’attente.',
    category: 'imprimantes',
  },
  {
    slug: 'ecran-noir-au-demarrage',
    title: 'Écran noir au démarrage',
    summary: 'Quand l’ordinateur s’allume mais que rien ne s’affiche.',
    body: 'Débranchez le câble vidéo, attendez dix secondes, rebranchez-le.',
    category: 'windows',
  },
  {
    slug: 'brouillon-imprimante',
    title: 'Imprimante : brouillon secret',
    summary: 'Un texte que personne ne doit trouver.',
    body: 'Imprimante écran imprimantes.',
    category: 'imprimantes',
    status: 'draft',
  },
  // The same word in the title of one, the summary of another, the body of a third: the title wins, then the summary.
  // English loanwords the French stemmer cuts as verbs: « scanner » → scann, « scanners » → scanner.
  {
    slug: 'scanner-a-plat',
    title: 'Numériser avec un scanner',
    summary: 'Un document papier devenu un fichier.',
    body: 'Posez la feuille sur la vitre.',
    category: 'imprimantes',
  },
  {
    slug: 'pilotes-a-jour',
    title: 'Mettre ses drivers à jour',
    summary: 'Les logiciels qui font marcher vos appareils.',
    body: 'Passez par Windows Update.',
    category: 'windows',
  },
  {
    slug: 'sauvegarde-mot-dans-le-corps',
    title: 'Copier ses fichiers',
    summary: 'Sur une clé ou un disque.',
    body: 'Une sauvegarde régulière protège vos photos.',
    category: 'sauvegarde',
  },
  {
    slug: 'sauvegarde-mot-dans-le-resume',
    title: 'Garder ses photos',
    summary: 'Faire une sauvegarde sur un disque externe.',
    body: 'Branchez le disque et copiez le dossier Images.',
    category: 'sauvegarde',
  },
  {
    slug: 'sauvegarde-mot-dans-le-titre',
    title: 'La sauvegarde automatique',
    summary: 'Windows et Mac le font pour vous.',
    body: 'Activez l’historique des fichiers ou Time Machine.',
    category: 'sauvegarde',
  },
];

const search = async (t: TestApp, q: string, asked = false) => {
  const res = await t.app.inject({
    method: 'GET',
    url: `/api/help/search?q=${encodeURIComponent(q)}${asked ? '&asked=1' : ''}`,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json<HelpSearchResult[]>();
};
const slugs = (results: HelpSearchResult[]) => results.map((r) => r.slug);

describe('[HELP][SEARCH] French search over the published articles', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.db.insert(helpArticles).values(
      ARTICLES.map((a) => ({
        ...a,
        bodyText: markdownText(a.body),
        category: a.category ?? 'windows',
        status: a.status ?? 'published',
      })),
    );
  });
  afterAll(async () => t.close());

  it('finds « Imprimante » from « imprimantes » (stemming) and « écran » from « ecran » (accents)', async () => {
    expect(slugs(await search(t, 'imprimantes'))).toEqual(['imprimante-n-imprime-plus']);
    expect(slugs(await search(t, 'ecran'))).toEqual(['ecran-noir-au-demarrage']);
    expect(slugs(await search(t, 'ÉCRAN NOIR'))).toEqual(['ecran-noir-au-demarrage']);
  });

  it('never finds a draft', async () => {
    for (const q of ['brouillon', 'secret', 'imprimante', 'personne ne doit trouver']) {
      expect(slugs(await search(t, q))).not.toContain('brouillon-imprimante');
    }
  });

  it('ranks the title over the summary over the body', async () => {
    expect(slugs(await search(t, 'sauvegarde'))).toEqual([
      'sauvegarde-mot-dans-le-titre',
      'sauvegarde-mot-dans-le-resume',
      'sauvegarde-mot-dans-le-corps',
    ]);
  });

  it('finds a loanword in -er in either number: « scanners » finds « scanner », « driver » finds « drivers »', async () => {
    for (const q of ['scanners', 'scanner', 'SCANNERS', 'scanners en panne de vitre', 'un scanner numériser']) {
      expect(slugs(await search(t, q)), q).toEqual(['scanner-a-plat']);
    }
    for (const q of ['driver', 'drivers', 'driver a jour', 'mettre son driver à jour']) {
      expect(slugs(await search(t, q)), q).toEqual(['pilotes-a-jour']);
    }
  });

  it('matches the last word as a prefix while it is being typed', async () => {
    expect(slugs(await search(t, 'imprim'))).toEqual(['imprimante-n-imprime-plus']);
    expect(slugs(await search(t, 'ecran no'))).toEqual(['ecran-noir-au-demarrage']);
  });

  it('reads a sentence as its words: the articles with most of them first', async () => {
    const found = await search(t, 'Bonjour, mon imprimante ne marche plus depuis hier soir');
    expect(slugs(found)[0]).toBe('imprimante-n-imprime-plus');
  });

  it('answers nothing to a sentence whose only word found is a common one', async () => {
    // « plus » is in the printer's title; nothing is about a mouse.
    expect(await search(t, 'Ma souris ne répond plus')).toEqual([]);
    // Two words of the question are enough, whatever the others.
    expect(slugs(await search(t, 'l’écran reste tout noir quand je démarre'))).toEqual(['ecran-noir-au-demarrage']);
  });

  it('quotes the body with the words found marked on /aide, and nothing of the body while typing', async () => {
    const [result] = await askWithSnippets(t.db, 'wifi file');
    expect(result!.slug).toBe('imprimante-n-imprime-plus');
    expect(result!.snippet.filter((p) => p.found).map((p) => p.text.toLowerCase())).toEqual(
      expect.arrayContaining(['file']),
    );
    expect(result!.snippet.map((p) => p.text).join('')).toContain('relancez la file d’attente');
    const [typed] = await search(t, 'wifi file');
    expect(typed).toEqual({
      slug: 'imprimante-n-imprime-plus',
      title: 'Mon imprimante n’imprime plus',
      summary: 'Les vérifications à faire avant de nous appeler.',
      category: 'imprimantes',
    });
  });

  it('answers the best five at most, and nothing for an empty query or one of operators only', async () => {
    await t.db.insert(helpArticles).values(
      Array.from({ length: 7 }, (_, i) => ({
        slug: `wifi-${i}`,
        title: `Wi-Fi, astuce ${i}`,
        summary: 'Retrouver Internet à la maison.',
        body: 'Redémarrez la box.',
        bodyText: 'Redémarrez la box.',
        category: 'internet' as const,
        status: 'published' as const,
      })),
    );
    expect(await search(t, 'box')).toHaveLength(5);
    expect(await search(t, '')).toEqual([]);
    expect(await search(t, "' & | ! :* ( ) <-> \\")).toEqual([]);
    expect(await search(t, "box:* & !(ecran | 'x')")).toHaveLength(5);
  });

  it('keeps for staff what a person asked and did not find, once per wording; typing is not kept', async () => {
    await search(t, 'fax en panne');
    expect(await t.db.select().from(helpFailedSearches)).toEqual([]);
    await search(t, 'Fax en panne', true);
    await search(t, 'fax  en  PANNE', true);
    await search(t, 'imprimante', true);
    const misses = await t.db.select().from(helpFailedSearches);
    expect(misses.map((m) => [m.query, m.count])).toEqual([['fax en panne', 2]]);
  });

  it('refuses a query over 200 characters in French', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/help/search?q=${'a'.repeat(201)}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Recherche trop longue');
  });
});

describe('[HELP][FEEDBACK] « Cet article vous a-t-il aidé ? Oui / Non »', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.db.insert(helpArticles).values(
      ARTICLES.slice(0, 3).map((a) => ({
        ...a,
        bodyText: a.body,
        category: a.category ?? 'windows',
        status: a.status ?? 'published',
      })),
    );
  });
  afterAll(async () => t.close());
  const answer = (slug: string, payload: object) =>
    t.app.inject({ method: 'POST', url: `/api/help/articles/${slug}/feedback`, payload });

  it('keeps each answer under a published article, and none under a draft or an unknown address', async () => {
    expect((await answer('imprimante-n-imprime-plus', { answer: 'yes' })).statusCode).toBe(201);
    expect((await answer('imprimante-n-imprime-plus', { answer: 'no' })).statusCode).toBe(201);
    expect((await answer('brouillon-imprimante', { answer: 'yes' })).statusCode).toBe(404);
    expect((await answer('inconnu', { answer: 'yes' })).statusCode).toBe(404);
    expect((await answer('../admin', { answer: 'yes' })).statusCode).toBe(404);
    const bad = await answer('imprimante-n-imprime-plus', { answer: 'solved' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('Réponse invalide');
    const rows = await t.db.select().from(helpFeedback);
    expect(rows.map((r) => r.answer).sort()).toEqual(['no', 'yes']);
  });
});
