import { useSite } from '#client/lib/site.tsx';
import { AccountLinkTo, useAccountLinks } from '#client/components/layout/public-layout.tsx';
import { cn } from '#client/components/ui/cn.ts';
import { CLOSE, MENU, Icon } from './icons.tsx';

// Plain anchors: the browser scrolls (smoothly, see styles.css) even before the JavaScript has loaded.
const SECTIONS = [
  { href: '#accueil', label: 'Accueil' },
  { href: '#tarifs', label: 'Tarifs' },
  { href: '#contact', label: 'Contact' },
] as const;

const sectionLink =
  'inline-flex min-h-11 items-center rounded-lg px-3 font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900';
const loginLink =
  'inline-flex min-h-11 items-center justify-center rounded-lg bg-brand-600 px-4 font-semibold text-white hover:bg-brand-700';
const staffLink =
  'inline-flex min-h-11 items-center justify-center rounded-lg px-3 text-sm font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900';

/** The phone menu is a native popover: it opens, closes on a tap outside or on Escape (focus back on its button) before
 * any script has run. Once hydrated, a tap on one of its links also closes it. */
const MENU_ID = 'menu-mobile';

function closeMenu() {
  document.getElementById(MENU_ID)?.hidePopover();
}

export function LandingHeader() {
  const { siteName } = useSite();
  const links = useAccountLinks();

  return (
    <header className="group/header sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4">
        <a href="#accueil" className="flex min-h-11 items-center gap-2 text-lg font-bold text-brand-700">
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span>{siteName}</span>
        </a>
        <nav aria-label="Navigation principale" className="hidden items-center gap-1 md:flex">
          {SECTIONS.map((s) => (
            <a key={s.href} href={s.href} className={sectionLink}>
              {s.label}
            </a>
          ))}
          <span aria-hidden="true" className="mx-2 h-6 w-px bg-slate-200" />
          {links.map((link) => (
            <AccountLinkTo key={link.href} link={link} className={link.primary ? cn(loginLink, 'ml-1') : staffLink} />
          ))}
        </nav>
        {/* The browser tells assistive technologies whether the popover is expanded. */}
        <button
          type="button"
          popoverTarget={MENU_ID}
          className="inline-flex min-h-11 min-w-11 items-center justify-center gap-2 rounded-lg border border-slate-300 px-3 font-medium text-slate-800 hover:bg-slate-100 md:hidden"
        >
          <Icon path={MENU} className="h-5 w-5 group-has-[#menu-mobile:popover-open]/header:hidden" />
          <Icon path={CLOSE} className="hidden h-5 w-5 group-has-[#menu-mobile:popover-open]/header:block" />
          <span>Menu</span>
        </button>
      </div>
      {/* A popover sits in the top layer: placed under the header by hand (the browser would centre it). Hidden by our
          own class too, so that a browser without popovers does not show it over the page for good. */}
      <nav
        id={MENU_ID}
        popover="auto"
        aria-label="Menu"
        className="hidden open:block inset-x-0 top-16 bottom-auto m-0 max-h-[calc(100dvh-4rem)] w-full overflow-y-auto border-t border-slate-200 bg-white px-4 pb-4 pt-2 text-slate-900 shadow-lg md:hidden"
      >
        <ul className="flex flex-col">
          {SECTIONS.map((s) => (
            <li key={s.href}>
              <a href={s.href} onClick={closeMenu} className={cn(sectionLink, 'w-full text-lg')}>
                {s.label}
              </a>
            </li>
          ))}
        </ul>
        <div className="mt-3 flex flex-col gap-2 border-t border-slate-200 pt-3">
          {/* On a phone the call to action comes first, full width. */}
          {[...links]
            .sort((a, b) => Number(!!b.primary) - Number(!!a.primary))
            .map((link) => (
              <AccountLinkTo
                key={link.href}
                link={link}
                onClick={closeMenu}
                className={link.primary ? loginLink : staffLink}
              />
            ))}
        </div>
      </nav>
    </header>
  );
}
