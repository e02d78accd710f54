import MarkdownIt from 'markdown-it';
import type Token from 'markdown-it/lib/token.mjs';

/**
 * Articles are written in Markdown by staff and read by anyone: raw HTML is off (a `<script>` in a body shows as
 * text), markdown-it's own link check refuses `javascript:`, `vbscript:`, `file:` and `data:` addresses, and a link
 * to another site opens without handing it our page (noopener, noreferrer) or our ranking (nofollow).
 */
const markdown = new MarkdownIt({ html: false, linkify: true, typographer: false, breaks: false });

const defaultLinkOpen =
  markdown.renderer.rules.link_open ?? ((tokens, i, options, _env, self) => self.renderToken(tokens, i, options));
markdown.renderer.rules.link_open = (tokens, i, options, env, self) => {
  const token = tokens[i]!;
  const href = token.attrGet('href') ?? '';
  if (/^[a-z][a-z0-9+.-]*:/i.test(href) && !href.startsWith('mailto:') && !href.startsWith('tel:')) {
    token.attrSet('rel', 'noopener noreferrer nofollow');
  }
  return defaultLinkOpen(tokens, i, options, env, self);
};

/** The article's body as HTML, safe to put into the page as it is. */
export function renderMarkdown(body: string): string {
  return markdown.render(body);
}

/** The words of the body without Markdown's marks, one block a line: what the search indexes and quotes. */
export function markdownText(body: string): string {
  const lines: string[] = [];
  const inline = (children: Token[] | null) =>
    (children ?? [])
      .map((child) => (child.type === 'softbreak' || child.type === 'hardbreak' ? ' ' : child.content))
      .join('');
  for (const token of markdown.parse(body, {})) {
    if (token.type === 'inline') lines.push(inline(token.children));
    else if (token.type === 'fence' || token.type === 'code_block') lines.push(token.content.trim());
  }
  return lines.filter(Boolean).join('\n');
}
