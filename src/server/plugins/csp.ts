import { createHash, randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

// The Content-Security-Policy allows no inline script and no inline style but these:
// - the stylesheet inlined in a page (plugins/pages.ts; a signed-in client's pages link it instead, with the nonce all
//   the same) and the <style> Radix's scroll lock adds while a dialog is open (react-remove-scroll, which reads the
//   nonce the page carries: src/client/lib/csp-nonce.ts) carry a nonce drawn for each response;
// - the stylesheet sonner (toasts) adds when it loads is always the same text: allowed by its hash.
// No style attribute at all (style-src-attr 'none'): React sets styles through the DOM, which CSP does not govern.

/**
 * Written where a page needs the nonce; each HTML response replaces it with a fresh one (plugins/security.ts). Pages
 * carry what clients typed (their names, their requests): it reaches them escaped by React or, in the page's data,
 * with every `<` written `\u003c` (plugins/page-render.ts), so no text of theirs can hold this and be taken for it.
 */
export const CSP_NONCE = '<csp-nonce>';

export const newNonce = () => randomBytes(16).toString('base64');

const hashSource = (text: string) => `'sha256-${createHash('sha256').update(text).digest('base64')}'`;

/** The CSS text sonner inserts, read from the package so an upgrade cannot silently break the toasts. */
export function sonnerStylesheet(): string {
  const source = readFileSync(fileURLToPath(import.meta.resolve('sonner')), 'utf8');
  const literal = /__insertCSS\(("(?:[^"\\]|\\.)*")\)/.exec(source)?.[1];
  if (!literal) throw new Error('sonner no longer inserts its stylesheet with __insertCSS: update plugins/csp.ts');
  return JSON.parse(literal) as string;
}

/** Style sources allowed besides 'self' in every response. */
export function inlineStyleHashes(): string[] {
  // sonner appends an empty <style> first, then its text: both states are checked by the browser.
  return [hashSource(sonnerStylesheet()), hashSource('')];
}

/** The response's policy with its nonce added to the style sources. */
export function withStyleNonce(policy: string, nonce: string): string {
  return policy.replace(/(^|;)(style-src(?:-elem)?) /g, `$1$2 'nonce-${nonce}' `);
}
