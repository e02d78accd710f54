import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { ChevronDown } from 'lucide-react';
import { cn } from '#client/components/ui/cn.ts';

/**
 * A button in the header's row that shows a small panel under it (a disclosure: Escape or a click elsewhere closes
 * it, and so does a choice when `closeOnChoice`). The panel stays in the page while closed, only hidden: a dialog
 * opened from it (« Mes sessions »…) lives on after the panel closes.
 */
export function HeaderMenu({
  label,
  icon,
  children,
  closeOnChoice = true,
  buttonClassName,
}: {
  label: ReactNode;
  icon?: ReactNode;
  children: ReactNode;
  closeOnChoice?: boolean;
  buttonClassName?: string;
}) {
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();
  useEffect(() => {
    if (!open) return;
    const outside = (event: PointerEvent) => {
      // A dialog opened from the panel is outside it (a portal): clicks there leave the panel alone.
      const target = event.target as HTMLElement;
      if (!root.current?.contains(target) && !target.closest('[role="dialog"]')) setOpen(false);
    };
    const escape = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', outside);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', outside);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);
  return (
    <div ref={root} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={id}
        onClick={() => setOpen((o) => !o)}
        className={cn(
          'inline-flex h-9 items-center gap-1.5 whitespace-nowrap rounded-lg px-2.5 text-sm font-medium text-slate-700 hover:bg-slate-100',
          open && 'bg-slate-100',
          buttonClassName,
        )}
      >
        {icon}
        {label}
        <ChevronDown aria-hidden="true" className="h-3.5 w-3.5 text-slate-500" />
      </button>
      <div
        id={id}
        hidden={!open}
        onClick={(event) => {
          if (closeOnChoice && (event.target as HTMLElement).closest('button')) setOpen(false);
        }}
        className="absolute right-0 top-full z-40 mt-1 w-max min-w-56 max-w-[calc(100vw-1.5rem)] rounded-xl border border-slate-200 bg-white p-2 shadow-lg"
      >
        {children}
      </div>
    </div>
  );
}
