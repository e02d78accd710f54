import type { ComponentProps } from 'react';
import { Tabs as T } from 'radix-ui';
import { cn } from './cn.ts';

/** Radix tabs (arrow keys move between tabs, the panel is labelled by its tab), styled for the site. */
export const Tabs = T.Root;

export function TabsList({ className, ...props }: ComponentProps<typeof T.List>) {
  return (
    <T.List
      className={cn('flex flex-wrap gap-1 rounded-xl border border-slate-200 bg-white p-1 shadow-sm', className)}
      {...props}
    />
  );
}

export function TabsTrigger({ className, ...props }: ComponentProps<typeof T.Trigger>) {
  return (
    <T.Trigger
      className={cn(
        'inline-flex shrink-0 items-center gap-2 whitespace-nowrap rounded-lg px-3 py-2 text-sm font-medium text-slate-700 transition-colors',
        'hover:bg-slate-100 data-[state=active]:bg-brand-600 data-[state=active]:text-white',
        className,
      )}
      {...props}
    />
  );
}

export function TabsContent({ className, ...props }: ComponentProps<typeof T.Content>) {
  return <T.Content className={cn('mt-4 focus-visible:outline-offset-4', className)} {...props} />;
}
