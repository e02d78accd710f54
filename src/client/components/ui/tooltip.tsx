import type { FocusEvent, ReactElement, ReactNode } from 'react';
import { Tooltip as T } from 'radix-ui';

/** docs/specification.md §9: a tooltip opens 700 ms after the pointer comes to rest on its control… */
const TOOLTIP_DELAY_MS = 700;
/** …and at once on another control reached within 300 ms of leaving the first. */
const TOOLTIP_SKIP_DELAY_MS = 300;

/**
 * The tooltips' clock, shared by those below it (hence the skip delay). Mounted by the back-office and by each dialog:
 * the landing page, which has neither, never downloads the tooltip code.
 */
export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    // Not hoverable: the pointer leaving the control closes the tooltip, which never stands over the next thing
    // aimed at.
    <T.Provider delayDuration={TOOLTIP_DELAY_MS} skipDelayDuration={TOOLTIP_SKIP_DELAY_MS} disableHoverableContent>
      {children}
    </T.Provider>
  );
}

/**
 * Shows what an icon-only control does, in words: its label (the same as its aria-label), on hover and on keyboard
 * focus. A focus the page gives (a dialog focusing its first button after a click) does not open it.
 */
export function Tooltip({ label, children }: { label: string; children: ReactElement }) {
  return (
    <T.Root>
      <T.Trigger asChild onFocus={onlyVisibleFocus}>
        {children}
      </T.Trigger>
      <T.Portal>
        <T.Content
          sideOffset={6}
          collisionPadding={8}
          className="pointer-events-none z-50 max-w-xs rounded-md bg-slate-900 px-2.5 py-1.5 text-sm text-white shadow-lg"
        >
          {label}
          <T.Arrow className="fill-slate-900" />
        </T.Content>
      </T.Portal>
    </T.Root>
  );
}

// Radix opens on any focus; a handler that prevents the default keeps it closed.
function onlyVisibleFocus(event: FocusEvent<HTMLElement>) {
  if (!event.currentTarget.matches(':focus-visible')) event.preventDefault();
}
