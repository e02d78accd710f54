import { useEffect, useRef, type ReactNode } from 'react';
import { Tabs as T } from 'radix-ui';
import { useSearchParams } from '#client/lib/router.ts';
import { useSite } from '#client/lib/site.tsx';
import type { StaffRole } from '#shared/staff/staff-labels.ts';
import { renamedTab, visibleGroups } from './shell/admin-sections.ts';
import { AdminNav } from './shell/admin-nav.tsx';
import { useAdminCounts } from './shell/use-counts.ts';

const TAB_PARAM = 'tab';

/**
 * The back-office's shell: the navigation at the side (a row on narrow screens), the header's row, then the open
 * tab. The tab lives in ?tab=, and choosing one is a step in the history: Back returns to the tab before, a reload or a
 * shared link opens the same one (docs/decisions/039).
 */
export function AdminTabs({ unlocked, role, header }: { unlocked: boolean; role: StaffRole; header: ReactNode }) {
  const [params, setParams] = useSearchParams();
  const groups = visibleGroups(role, unlocked);
  const tabs = groups.flatMap((g) => g.tabs);
  const counts = useAdminCounts();
  const { siteName } = useSite();
  const requested = renamedTab(params.get(TAB_PARAM));
  // A technician has no dashboard: their first tab is where they start.
  const active = tabs.some((t) => t.value === requested) ? requested! : tabs[0]!.value;

  // The tab last asked for: the address changes a moment later (the router first makes sure the page's code is in).
  const asked = useRef<string | null>(null);
  useEffect(() => {
    asked.current = null;
  }, [active]);
  function select(value: string) {
    // Radix reports the tab again when it takes the focus after a click: one step in the history, not two.
    if (value === (asked.current ?? active)) return;
    asked.current = value;
    // Another tab starts clean: what the last one had open stays in its own history entry.
    const next = new URLSearchParams();
    if (value !== tabs[0]!.value) next.set(TAB_PARAM, value);
    setParams(next);
  }

  return (
    <T.Root
      value={active}
      onValueChange={select}
      // Each group is a tab list of its own, so Tab stops in each: a section opens on Enter or a click, not as focus
      // passes through it (staff tabbing to the page's content went through every screen on the way).
      activationMode="manual"
      orientation="vertical"
      className="flex min-h-screen flex-col lg:grid lg:grid-cols-[13.5rem_minmax(0,1fr)] lg:grid-rows-[auto_1fr]"
    >
      <div className="lg:col-start-2 lg:row-start-1">{header}</div>
      <aside className="border-slate-200 bg-white lg:sticky lg:top-0 lg:col-start-1 lg:row-span-2 lg:row-start-1 lg:h-screen lg:overflow-y-auto lg:border-r">
        {/* On a wide screen the site's name heads the column; on a narrow one it opens the header's row. */}
        <p className="hidden h-14 items-center gap-2 border-b border-slate-200 px-4 font-bold text-brand-700 lg:flex">
          {siteName}
          <span className="text-xs font-medium text-slate-600">Espace staff</span>
        </p>
        <AdminNav groups={groups} counts={counts} active={active} />
      </aside>
      <main id="contenu" className="min-w-0 px-3 py-4 sm:px-6 lg:col-start-2 lg:row-start-2 lg:py-4">
        {/* Radix mounts only the active panel: a tab's data loads when it is first opened, then stays cached. */}
        {tabs.map(({ value, Panel }) => (
          <T.Content key={value} value={value} className="focus-visible:outline-offset-4">
            <Panel />
          </T.Content>
        ))}
      </main>
    </T.Root>
  );
}
