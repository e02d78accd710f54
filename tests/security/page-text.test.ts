// A client's own text inside the pages the server renders for them: kept as typed, whatever `$` patterns it holds.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { render, prefetchUrls } from '#client/entry-server.tsx';
import { APP_ROOT } from '#server/app-root.ts';
import { interventions } from '#server/db/schema.ts';
import { fillTemplate, pageRenderer } from '#server/plugins/page-render.ts';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import { clientLogin, postOrder, staffLogin } from '#server/test/fixtures.ts';
import { todayIso } from '#shared/format.ts';

/** What String.prototype.replace reads in a replacement string: the match, before it, after it, a dollar, a group. */
const PATTERNS = ['$&', '$`', "$'", '$$', '$1', '$<x>'];
const NAME = `Jean ${PATTERNS.join(' ')} Dupont`;
const TITLE = `Imprimante $& en panne $\` depuis $' hier`;

/** The page-data JSON of a rendered page, read back as the browser reads it. */
function pageData(body: string): unknown {
  const json = /<script type="application\/json" id="page-data">(.*?)<\/script>/s.exec(body)?.[1];
  return JSON.parse(json!);
}

describe('[SECURITY][PAGES] a client’s own text on the pages rendered for them', () => {
  let t: TestApp;
  let template: string;
  let token: string;
  beforeAll(async () => {
    t = await createTestApp();
    const staff = await staffLogin(t);
    const created = await postOrder(t, staff, {
      clientName: NAME,
      clientEmail: 'jean.dollar@exemple.fr',
      username: 'jeandollar',
      password: 'Tournesol-violet-2026',
      plan: 'famille',
      orderDate: todayIso(),
    });
    await t.db
      .insert(interventions)
      .values({ clientId: created.order.clientId!, title: TITLE, description: 'Rien ne sort' });
    const cookie = (await clientLogin(t, 'jeandollar', 'Tournesol-violet-2026')).cookie!;
    token = cookie.slice(cookie.indexOf('=') + 1);
    // The source template (the build only adds its asset links to it): its markers are the ones the server fills.
    template = await readFile(path.join(APP_ROOT, 'index.html'), 'utf8');
  });
  afterAll(async () => t.close());

  it('fills every part of the template verbatim, `$` patterns included', () => {
    const parts = {
      head: `<title>${NAME}</title>`,
      html: `<p>${NAME}</p>`,
      data: `<script>${JSON.stringify(NAME)}</script>`,
    };
    const page = fillTemplate(template, parts);
    expect(page).toBe(
      template
        .replace('<!--app-head-->', () => parts.head)
        .replace('<!--app-html-->', () => parts.html)
        .replace('<!--site-data-->', () => parts.data),
    );
    expect(page.split('<!doctype html>')).toHaveLength(2);
    for (const part of Object.values(parts)) expect(page).toContain(part);
  });

  it('renders the dashboard of a client whose name and intervention hold `$&` and `$`` exactly as typed', async () => {
    const { renderPage, signedInVisitor } = pageRenderer(
      t.app,
      { render, prefetchUrls },
      { inlined: template, linked: template },
    );
    const visitor = await signedInVisitor({ ip: '127.0.0.1' } as never, token, '/');
    expect(visitor?.signedIn).toBe(true);
    const page = await renderPage('/', visitor!);
    expect(page.status).toBe(200);
    // One document, its markers all replaced, nothing of the template copied into the client's text.
    expect(page.body.split('<!doctype html>')).toHaveLength(2);
    expect(page.body.match(/<div id="root">/g)).toHaveLength(1);
    expect(page.body).not.toContain('<!--app-');
    // The request's title as React writes text (& escaped), and the data the browser hydrates from, exact.
    expect(page.body).toContain(TITLE.replaceAll('&', '&amp;').replaceAll("'", '&#x27;'));
    const data = JSON.stringify(pageData(page.body));
    // The name is split into first and last name for the profile card.
    expect(data).toContain(`"lastName":${JSON.stringify(NAME.slice('Jean '.length))}`);
    expect(data).toContain(`"title":${JSON.stringify(TITLE)}`);
  });
});
