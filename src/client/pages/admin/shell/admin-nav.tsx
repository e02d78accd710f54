import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { Tabs as T } from 'radix-ui';
import type { AdminCounts } from '#shared/staff/admin-counts.ts';
import { cn } from '#client/components/ui/cn.ts';
import type { TabDef, TabGroup } from './admin-sections.ts';

/**
 * Where the row has more tabs than it shows, before and after (a phone's or a tablet's row; the column never does), and
 * the fade of that end, so a row cut at the screen's edge reads as one that scrolls.
 */
const FADES: Record<`${boolean} ${boolean}`, string> = {
  'false false': '',
  'false true': '[mask-image:linear-gradient(to_right,#000_calc(100%-2.5rem),transparent)]',
  'true false': '[mask-image:linear-gradient(to_left,#000_calc(100%-2.5rem),transparent)]',
  'true true': '[mask-image:linear-gradient(to_right,transparent,#000_2.5rem,#000_calc(100%-2.5rem),transparent)]',
};

/**
 * The tabs, grouped: a column at the side from 1024 px, one row that scrolls sideways under the header on a phone or
 * a tablet (every tab one tap away, none hidden behind a menu). Each group is its own tab list, labelled by its
 * name; a count sits beside its tab, outside its name (the tab is still « Messages » to a screen reader, which hears
 * the count as its description). In the row, the open tab is brought into view (a link to « Journal » opened on a
 * phone showed the row's first tabs, none of them marked), and an end with more tabs fades.
 */
export function AdminNav({
  groups,
  counts,
  active,
}: {
  groups: TabGroup[];
  counts: AdminCounts | undefined;
  active: string;
}) {
  const row = useRef<HTMLElement>(null);
  const [overflow, setOverflow] = useState<keyof typeof FADES>('false false');
  // The open tab is kept in view until the member moves the row themselves: counts arriving after it was placed widen
  // the tabs before it, and would push it out again.
  const followActive = useRef(true);
  const measure = useCallback(() => {
    const nav = row.current;
    if (!nav) return;
    const before = nav.scrollLeft > 1;
    const after = nav.scrollLeft + nav.clientWidth < nav.scrollWidth - 1;
    setOverflow(`${before} ${after}`);
  }, []);
  const settle = useCallback(() => {
    const nav = row.current;
    const tab = nav?.querySelector<HTMLElement>('[role="tab"][data-state="active"]');
    if (nav && tab && followActive.current && nav.scrollWidth > nav.clientWidth) {
      const shown = nav.getBoundingClientRect();
      const box = tab.getBoundingClientRect();
      if (box.left < shown.left || box.right > shown.right)
        nav.scrollLeft += box.left - shown.left - (shown.width - box.width) / 2;
    }
    measure();
  }, [measure]);

  useEffect(() => {
    followActive.current = true;
    settle();
  }, [active, settle]);

  useEffect(() => {
    const nav = row.current;
    if (!nav) return;
    const resized = new ResizeObserver(settle);
    resized.observe(nav);
    for (const group of nav.children) resized.observe(group);
    const movedByHand = () => (followActive.current = false);
    nav.addEventListener('pointerdown', movedByHand);
    nav.addEventListener('wheel', movedByHand, { passive: true });
    nav.addEventListener('keydown', movedByHand);
    return () => {
      resized.disconnect();
      nav.removeEventListener('pointerdown', movedByHand);
      nav.removeEventListener('wheel', movedByHand);
      nav.removeEventListener('keydown', movedByHand);
    };
  }, [settle]);

  return (
    <nav
      ref={row}
      onScroll={measure}
      aria-label="Sections de l’espace staff"
      data-overflow={overflow}
      className={cn(
        'flex gap-1 overflow-x-auto border-b border-slate-200 bg-white px-2 py-1.5 lg:flex-col lg:gap-3 lg:overflow-visible lg:border-b-0 lg:px-3 lg:py-3 lg:[mask-image:none]',
        FADES[overflow],
      )}
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
