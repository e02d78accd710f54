import { lazy, Suspense, useEffect, useState } from 'react';

// Sonner weighs more than the rest of the landing page's own code: it loads with the first notification, so a page
// that shows none never downloads it.
const loadSonner = () => import('sonner');
let markMounted: () => void;
const toasterMounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});
let markWanted: () => void;
const toasterWanted = new Promise<void>((resolve) => {
  markWanted = resolve;
});

const LazyToaster = lazy(() =>
  loadSonner().then(({ Toaster }) => ({
    default: function Notifications() {
      useEffect(() => markMounted(), []);
      // One notification at a time, shown 5 s (docs/specification.md §9). Sonner's close button is named in English and
      // 20 px wide: named in French for screen readers, and 24 px, the smallest target a finger is asked to hit
      // (WCAG 2.5.8).
      return (
        <Toaster
          visibleToasts={1}
          duration={5000}
          position="top-center"
          closeButton
          style={{ maxWidth: 420 }}
          toastOptions={{ closeButtonAriaLabel: 'Fermer la notification', classNames: { closeButton: 'size-6!' } }}
        />
      );
    },
  })),
);

/**
 * Mounted once by the app; renders the toaster on the client once a first notification is asked for. Its live
 * region is in the page before that toast is added (notify waits for the mount), so screen readers announce it.
 */
export function Notifications() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => {
    let mounted = true;
    void toasterWanted.then(() => {
      if (mounted) setWanted(true);
    });
    return () => {
      mounted = false;
    };
  }, []);
  return wanted ? (
    <Suspense fallback={null}>
      <LazyToaster />
    </Suspense>
  ) : null;
}

type Kind = 'success' | 'error' | 'info';

/** Shows one toast: a title and an optional line of detail. Resolves once it is on screen (the code loads lazily). */
export function notify(kind: Kind, title: string, description?: string): Promise<void> {
  markWanted();
  return Promise.all([loadSonner(), toasterMounted]).then(([{ toast }]) => {
    toast.dismiss();
    toast[kind](title, description ? { description } : undefined);
  });
}
