import type { ReactNode } from 'react';
import { Dialog as D } from 'radix-ui';
import { X } from 'lucide-react';
import { Tooltip, TooltipProvider } from './tooltip.tsx';

type DialogProps = {
  open: boolean;
  onOpenChange(open: boolean): void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  wide?: boolean;
};

/** An accessible modal (focus trapped, Escape closes, title announced). */
export function Dialog({ open, onOpenChange, title, description, children, wide }: DialogProps) {
  return (
    <D.Root open={open} onOpenChange={onOpenChange}>
      <TooltipProvider>
        <D.Portal>
          <D.Overlay className="fixed inset-0 z-40 bg-slate-900/50" />
          <D.Content
            className={`fixed left-1/2 top-1/2 z-50 max-h-[90vh] w-[calc(100%-1.5rem)] -translate-x-1/2 -translate-y-1/2 overflow-y-auto rounded-xl bg-white p-5 shadow-xl sm:p-6 ${wide ? 'max-w-2xl' : 'max-w-md'}`}
            {...(description ? {} : { 'aria-describedby': undefined })}
          >
            <div className="mb-4 flex items-start justify-between gap-4">
              <D.Title className="text-lg font-semibold text-slate-900">{title}</D.Title>
              <Tooltip label="Fermer">
                <D.Close
                  className="-m-2.5 inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-md text-slate-600 hover:bg-slate-100"
                  aria-label="Fermer"
                >
                  <X aria-hidden="true" className="h-5 w-5" />
                </D.Close>
              </Tooltip>
            </div>
            {description && <D.Description className="mb-4 text-slate-700">{description}</D.Description>}
            {children}
          </D.Content>
        </D.Portal>
      </TooltipProvider>
    </D.Root>
  );
}
