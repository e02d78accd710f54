import { describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { auditLog, helpArticles } from '#server/db/schema.ts';
import { newTechnician, staffTestApp } from '#server/test/fixtures.ts';
import type { HelpArticleDto } from '#shared/help/help-admin-api.ts';
import type { HelpSearchResult } from '#shared/help/help-api.ts';

const ARTICLE = {
  title: 'Mon imprimante n’imprime plus',
  summary: 'Les vérifications à faire avant de nous appeler.',
  body: '## Vérifiez\n\n1. Qu’elle est **allumée**\n2. Qu’elle est reliée au Wi-Fi\n',
  category: 'imprimantes',
};

describe('[ADMIN][HELP] staff write articles: admins publish, technicians draft, every change in the journal', () => {
  const { t, staff } = staffTestApp();
  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, headers: object, payload?: object) =>
    t.app.inject({ method, url: `/api/admin/help${url}`, headers: headers as Record<string, string>, payload });
  const found = async (q: string) =>
    (await t.app.inject({ method: 'GET', url: `/api/help/search?q=${encodeURIComponent(q)}` })).json<
      HelpSearchResult[]
    >();
  const journal = async (id: number) =>
    (
      await t.db
        .select()
        .from(auditLog)
        .where(eq(auditLog.entityId, String(id)))
    ).filter((e) => e.entity === 'help_article');

  it('an admin publishes at once: the address comes from the title, readers find it, the journal has it', async () => {
    // Searched before it exists: what the search keeps a moment must not hide the article once published.
    expect(await found('imprimantes')).toEqual([]);
    const res = await call('POST', '/articles', staff, { ...ARTICLE, status: 'published' });
    expect(res.statusCode, res.body).toBe(201);
    const article = res.json<HelpArticleDto>();
    expect(article).toMatchObject({
      slug: 'mon-imprimante-n-imprime-plus',
      status: 'published',
      updatedBy: 'staff',
      views: 0,
      yes: 0,
      no: 0,
      solved: 0,
    });
    expect(article.publishedAt).not.toBeNull();
    expect((await found('imprimantes')).map((r) => r.slug)).toEqual([article.slug]);
    const [entry] = await journal(article.id);
    expect(entry).toMatchObject({ action: 'help.create', staffUsername: 'staff' });
    expect(entry!.after).toMatchObject({ title: ARTICLE.title, status: 'published', slug: article.slug });

    // The same title again gets an address of its own; an address asked for that is taken is refused by name.
    const again = await call('POST', '/articles', staff, ARTICLE);
    expect(again.json().slug).toBe('mon-imprimante-n-imprime-plus-2');
    const taken = await call('POST', '/articles', staff, { ...ARTICLE, slug: article.slug });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fieldErrors.slug).toEqual([
      'Cette adresse est déjà celle d’un autre article : choisissez-en une autre.',
    ]);
  });

  it('a technician drafts and changes a draft, but neither publishes nor changes what is published', async () => {
    const tech = await newTechnician(t, { username: 'julien', password: 'motdepasse-julien-1' });
    const published = await call('POST', '/articles', tech.headers, {
      ...ARTICLE,
      title: 'Écran noir',
      status: 'published',
    });
    expect(published.statusCode).toBe(403);
    expect(published.json().message).toMatch(/^Seul un administrateur publie un article/);
    expect(await t.db.select().from(helpArticles).where(eq(helpArticles.title, 'Écran noir'))).toEqual([]);

    const draft = (
      await call('POST', '/articles', tech.headers, { ...ARTICLE, title: 'Écran noir au démarrage' })
    ).json<HelpArticleDto>();
    expect(draft.status).toBe('draft');
    const edited = await call('PATCH', `/articles/${draft.id}`, tech.headers, {
      summary: 'Rien ne s’affiche du tout.',
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ summary: 'Rien ne s’affiche du tout.', updatedBy: 'julien' });
    expect((await call('PATCH', `/articles/${draft.id}`, tech.headers, { status: 'published' })).statusCode).toBe(403);
    expect(await found('ecran')).toEqual([]);

    // The admin publishes it; from then on the technician may not change it.
    const publish = await call('PATCH', `/articles/${draft.id}`, staff, { status: 'published' });
    expect(publish.json()).toMatchObject({ status: 'published', updatedBy: 'staff' });
    expect((await found('ecran')).map((r) => r.slug)).toEqual(['ecran-noir-au-demarrage']);
    const late = await call('PATCH', `/articles/${draft.id}`, tech.headers, { title: 'Écran tout noir' });
    expect(late.statusCode).toBe(403);
    expect((await call('GET', `/articles/${draft.id}`, staff)).json().title).toBe('Écran noir au démarrage');

    // Back to draft: off the search at once.
    await call('PATCH', `/articles/${draft.id}`, staff, { status: 'draft' });
    expect(await found('ecran')).toEqual([]);
    expect((await journal(draft.id)).map((e) => e.action)).toEqual([
      'help.create',
      'help.update',
      'help.publish',
      'help.unpublish',
    ]);
  });

  it('an admin who changes one field of a published article leaves it published', async () => {
    const article = (
      await call('POST', '/articles', staff, { ...ARTICLE, title: 'Le Wi-Fi se coupe', status: 'published' })
    ).json<HelpArticleDto>();
    const edited = await call('PATCH', `/articles/${article.id}`, staff, { summary: 'Trois réglages à vérifier.' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ summary: 'Trois réglages à vérifier.', status: 'published' });
    expect((await found('wifi coupe')).map((r) => r.slug)).toEqual([article.slug]);
    expect((await journal(article.id)).map((e) => e.action)).toEqual(['help.create', 'help.update']);
    const empty = await call('PATCH', `/articles/${article.id}`, staff, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('Rien à modifier');
  });

  it('refuses a bad article in French and keeps nothing of it', async () => {
    const before = await t.db.$count(helpArticles);
    const res = await call('POST', '/articles', staff, { title: 'Non', summary: '', body: 'x', category: 'fax' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fieldErrors).toMatchObject({
      title: ['Le titre doit faire au moins 5 caractères'],
      summary: ['Le résumé doit faire au moins 10 caractères'],
      body: ['Le texte doit faire au moins 20 caractères'],
      category: ['Choisissez un thème'],
    });
    const badSlug = await call('POST', '/articles', staff, { ...ARTICLE, slug: 'Mon Article!' });
    expect(badSlug.statusCode).toBe(400);
    expect(await t.db.$count(helpArticles)).toBe(before);
  });

  it('previews the body as the page shows it: a <script> stays text', async () => {
    const res = await call('POST', '/preview', staff, { body: '**Gras** <script>alert(1)</script>' });
    expect(res.json().html).toBe('<p><strong>Gras</strong> &lt;script&gt;alert(1)&lt;/script&gt;</p>\n');
  });

  it('an admin deletes an article; the journal keeps its text', async () => {
    const article = (
      await call('POST', '/articles', staff, { ...ARTICLE, title: 'Article à retirer' })
    ).json<HelpArticleDto>();
    expect((await call('DELETE', `/articles/${article.id}`, staff)).statusCode).toBe(200);
    expect((await call('GET', `/articles/${article.id}`, staff)).statusCode).toBe(404);
    const [, removed] = await journal(article.id);
    expect(removed).toMatchObject({ action: 'help.delete' });
    expect(removed!.before).toMatchObject({ title: 'Article à retirer', body: ARTICLE.body.trim() });
  });
});
