import { useId } from 'react';
import { Tabs as T } from 'radix-ui';
import type { AdminCounts } from '#shared/staff/admin-counts.ts';
import { cn } from '#client/components/ui/cn.ts';
import type { TabDef, TabGroup } from './admin-sections.ts';

/**
 * The tabs, grouped: a column at the side from 1024 px, one row that scrolls sideways under the header on a phone or
 * a tablet (every tab one tap away, none hidden behind a menu). Each group is its own tab list, labelled by its
 * name; a count sits beside its tab, outside its name (the tab is still « Messages » to a screen reader, which hears
 * the count as its description).
 */
export function AdminNav({ groups, counts }: { groups: TabGroup[]; counts: AdminCounts | undefined }) {
  return (
    <nav
      aria-label="Sections de l’espace staff"
      className="flex gap-1 overflow-x-auto border-b border-slate-200 bg-white px-2 py-1.5 lg:flex-col lg:gap-3 lg:overflow-visible lg:border-b-0 lg:px-3 lg:py-3"
    >
      {groups.map((group) => (
        <Group key={group.label ?? 'overview'} group={group} counts={counts} />
      ))}
    </nav>
  );
}

function Group({ group, counts }: { group: TabGroup; counts: AdminCounts | undefined }) {
  const id = useId();
  return (
    <div className="flex shrink-0 items-center gap-1 lg:block">
      {group.label && (
        <p id={id} className="hidden px-3 pb-1 text-xs font-semibold uppercase tracking-wide text-slate-500 lg:block">
          {group.label}
        </p>
      )}
      <T.List
        aria-labelledby={group.label ? id : undefined}
        aria-label={group.label ? undefined : 'Vue d’ensemble'}
        className="flex gap-1 lg:flex-col"
      >
        {group.tabs.map((tab) => (
          <Tab key={tab.value} tab={tab} count={tab.count ? counts?.[tab.count] : undefined} />
        ))}
      </T.List>
    </div>
  );
}

function Tab({ tab, count }: { tab: TabDef; count: number | null | undefined }) {
  const countId = useId();
  const shown = count != null && count > 0;
  return (
    <div className="relative flex items-center">
      <T.Trigger
        value={tab.value}
        aria-describedby={shown ? countId : undefined}
        className={cn(
          'inline-flex w-full shrink-0 items-center gap-2 whitespace-nowrap rounded-lg py-2 pl-3 text-sm font-medium text-slate-700 transition-colors',
          shown ? 'pr-10' : 'pr-3',
          'hover:bg-slate-100 data-[state=active]:bg-brand-600 data-[state=active]:text-white',
        )}
      >
        <tab.Icon aria-hidden className="h-4 w-4 shrink-0" />
        {tab.label}
      </T.Trigger>
      {shown && (
        <span
          id={countId}
          data-testid={`count-${tab.value}`}
          className="pointer-events-none absolute right-2 min-w-6 rounded-full bg-amber-100 px-1.5 text-center text-xs font-semibold tabular-nums text-amber-900"
        >
          {count}
          <span className="sr-only"> en attente</span>
        </span>
      )}
    </div>
  );
}
