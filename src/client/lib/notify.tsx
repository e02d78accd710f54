import { lazy, Suspense, useEffect, useState } from 'react';

// Sonner weighs more than the rest of the landing page's own code: it loads after the page is interactive.
const loadSonner = () => import('sonner');
let markMounted: () => void;
const toasterMounted = new Promise<void>((resolve) => { markMounted = resolve; });

const LazyToaster = lazy(() => loadSonner().then(({ Toaster }) => ({
  default: function Notifications() {
    useEffect(() => markMounted(), []);
    // One notification at a time, shown 5 s (SPEC.md §9).
    return <Toaster visibleToasts={1} duration={5000} position="top-center" closeButton style={{ maxWidth: 420 }} />;
  },
})));

/** Mounted once by the app, on the client only. */
export function Notifications() {
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);
  return ready ? <Suspense fallback={null}><LazyToaster /></Suspense> : null;
}

type Kind = 'success' | 'error' | 'info';

/** Shows one toast: a title and an optional line of detail. Resolves once it is on screen (the code loads lazily). */
export function notify(kind: Kind, title: string, description?: string): Promise<void> {
  return Promise.all([loadSonner(), toasterMounted]).then(([{ toast }]) => {
    toast.dismiss();
    toast[kind](title, description ? { description } : undefined);
  });
}
