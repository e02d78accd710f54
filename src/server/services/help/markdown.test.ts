import { describe, expect, it } from 'vitest';
import { markdownText, renderMarkdown } from './markdown.ts';

describe('[HELP] Markdown of an article', () => {
  it('shows raw HTML as text: a <script> never reaches the page as an element', () => {
    const html = renderMarkdown('Bonjour <script>alert(1)</script> et <img src=x onerror=alert(2)>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).not.toMatch(/<script|<img/);
  });

  it('refuses javascript: and data: links, and marks links to other sites', () => {
    const html = renderMarkdown(
      '[a](javascript:alert(1)) [b](data:text/html;base64,PHNjcmlwdD4=) [c](https://www.example.org/x) [d](/aide)',
    );
    expect(html).not.toMatch(/href="(javascript|data):/);
    expect(html).toContain('<a href="https://www.example.org/x" rel="noopener noreferrer nofollow">c</a>');
    expect(html).toContain('<a href="/aide">d</a>');
  });

  it('renders headings, lists and emphasis, and gives the plain words for the search', () => {
    const body = '## Avant de commencer\n\n1. Redémarrez **l’ordinateur**\n2. Ouvrez [Paramètres](/aide)\n';
    expect(renderMarkdown(body)).toContain('<h2>Avant de commencer</h2>');
    expect(renderMarkdown(body)).toContain('<strong>l’ordinateur</strong>');
    expect(markdownText(body)).toBe('Avant de commencer\nRedémarrez l’ordinateur\nOuvrez Paramètres');
  });
});
