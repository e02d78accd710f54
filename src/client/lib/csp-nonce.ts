// Radix dialogs lock the page's scroll with a <style> element (react-remove-scroll), which the CSP lets in only with
// the page's nonce (server: plugins/csp.ts). That library reads the nonce from the global webpack once named; the page
// carries it on its stylesheet (inlined, or linked in a signed-in client's pages: server plugins/pages.ts), whose
// `nonce` property the browser still gives to scripts.
declare global {
  var __webpack_nonce__: string | undefined;
}

const nonce = document.querySelector<HTMLElement>('style[nonce], link[rel="stylesheet"][nonce]')?.nonce;
if (nonce) globalThis.__webpack_nonce__ = nonce;

export {};
