import { lazy, Suspense, useEffect, useRef, useState, type MouseEvent } from 'react';
import { useHydrated } from '#client/lib/use-hydrated.ts';

// The dialog (and Radix with it) loads when the visitor reaches for the link: the landing page's entry stays small.
const loadDialog = () => import('#client/pages/public/signup/plan-required-dialog.tsx');
const PlanRequiredDialog = lazy(() => loadDialog().then((m) => ({ default: m.PlanRequiredDialog })));

/** Where the plans are: the pricing section and its title, which takes the focus. */
const PRICING_SECTION = 'tarifs';
const PRICING_TITLE = 'tarifs-titre';

/**
 * « Créer un compte » for a visitor who has not picked a plan: an account starts with one (docs/specification.md §2),
 * so it opens the 'Sélection d'un plan requis' dialog, whose button closes it and brings the plans into view. Before
 * the script has loaded, it is a plain link to /signup, which asks the same.
 */
export function CreateAccountLink({ className }: { className: string }) {
  const hydrated = useHydrated();
  const [open, setOpen] = useState(false);
  const link = useRef<HTMLAnchorElement>(null);
  const wasOpen = useRef(false);
  const toPlans = useRef(false);

  // Radix gives focus back only to a Dialog.Trigger: to the link, or to the plans when the visitor asked for them.
  useEffect(() => {
    if (wasOpen.current && !open) {
      if (toPlans.current) showPlans();
      else link.current?.focus();
      toPlans.current = false;
    }
    wasOpen.current = open;
  }, [open]);

  function ask(event: MouseEvent<HTMLAnchorElement>) {
    if (!hydrated) return;
    event.preventDefault();
    setOpen(true);
  }

  return (
    <>
      <a
        ref={link}
        href="/signup"
        onClick={ask}
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        className={className}
      >
        Créer un compte
      </a>
      {open && (
        <Suspense fallback={null}>
          <PlanRequiredDialog
            open
            onOpenChange={setOpen}
            onSeePlans={() => {
              toPlans.current = true;
              setOpen(false);
            }}
          />
        </Suspense>
      )}
    </>
  );
}

/** Scrolls to the pricing section (smoothly, unless the visitor asks for less motion) and focuses its title. */
function showPlans() {
  document.getElementById(PRICING_SECTION)?.scrollIntoView();
  const title = document.getElementById(PRICING_TITLE);
  if (!title) return;
  title.tabIndex = -1;
  title.focus({ preventScroll: true });
}
