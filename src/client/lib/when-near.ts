/**
 * Resolves once the visitor gets near the element with this id: it comes within `margin` of the viewport, or
 * something in it is focused or touched. At once on the server (the render waits for the chunk), when the element is
 * not in the page (a client-side navigation: no server HTML to keep) or without IntersectionObserver.
 *
 * For a lazy chunk below the fold: until then React keeps the server's HTML, which already works without script,
 * and a visitor who never scrolls there never downloads it.
 */
export function whenNear(id: string, margin = '600px'): Promise<void> {
  if (typeof document === 'undefined') return Promise.resolve();
  const element = document.getElementById(id);
  if (!element || typeof IntersectionObserver === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const done = () => {
      observer.disconnect();
      element.removeEventListener('focusin', done);
      element.removeEventListener('pointerdown', done);
      resolve();
    };
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) done();
      },
      { rootMargin: margin },
    );
    observer.observe(element);
    element.addEventListener('focusin', done);
    element.addEventListener('pointerdown', done);
  });
}
