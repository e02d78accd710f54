import type { ComponentType } from 'react';
import { FileText, House, LifeBuoy, Laptop, UserRound } from 'lucide-react';
import { CLIENT_PAGES } from '#shared/clients/client-pages.ts';
import { Link, usePathname } from '#client/lib/router.ts';
import { cn } from '#client/components/ui/cn.ts';

type NavItem = {
  href: string;
  label: string;
  Icon: ComponentType<{ className?: string; 'aria-hidden'?: boolean }>;
  /** the specification's addresses that show the same page */
  aliases?: string[];
};

const ITEMS: NavItem[] = [
  { href: CLIENT_PAGES.home, label: 'Accueil', Icon: House, aliases: ['/', '/dashboard'] },
  { href: CLIENT_PAGES.requests, label: 'Mes demandes', Icon: LifeBuoy, aliases: ['/client/dashboard'] },
  { href: CLIENT_PAGES.devices, label: 'Mes appareils', Icon: Laptop },
  { href: CLIENT_PAGES.invoices, label: 'Mes factures', Icon: FileText },
  { href: CLIENT_PAGES.account, label: 'Mon compte', Icon: UserRound },
];

/**
 * The client area's one navigation: every page one tap away. On a phone a bar fixed at the bottom, where the thumb
 * is; on a wider screen a row under the header.
 */
export function ClientNav() {
  // The router matches /x/ as /x (routes.tsx): so does the mark of the current page.
  const path = usePathname();
  const pathname = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  return (
    <nav
      aria-label="Espace client"
      className="fixed inset-x-0 bottom-0 z-40 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)] sm:static sm:border-b sm:border-t-0 sm:pb-0"
    >
      <ul className="mx-auto grid max-w-5xl grid-cols-5 sm:flex sm:gap-1 sm:px-4">
        {ITEMS.map(({ href, label, Icon, aliases }) => {
          const current = pathname === href || !!aliases?.includes(pathname);
          return (
            <li key={href} className="min-w-0">
              <Link
                to={href}
                aria-current={current ? 'page' : undefined}
                className={cn(
                  'flex min-h-14 flex-col items-center justify-center gap-0.5 px-1 text-center text-[11px] font-medium leading-tight text-slate-700',
                  'sm:min-h-11 sm:flex-row sm:gap-2 sm:border-b-2 sm:border-transparent sm:px-3 sm:text-sm',
                  'hover:bg-slate-50 hover:text-slate-900',
                  current && 'text-brand-700 sm:border-brand-600',
                )}
              >
                <Icon aria-hidden className="h-5 w-5 shrink-0 sm:h-4 sm:w-4" />
                <span>{label}</span>
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}
