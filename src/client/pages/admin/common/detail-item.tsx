import type { ReactNode } from 'react';

/** One label and its value in a back-office card's `<dl>`; a long unbroken value (an e-mail, a key) wraps. */
export function DetailItem({ label, children, className }: { label: string; children: ReactNode; className?: string }) {
  return (
    <div className={className}>
      <dt className="text-xs font-medium uppercase tracking-wide text-slate-500">{label}</dt>
      <dd className="mt-0.5 text-sm text-slate-900 [overflow-wrap:anywhere]">{children}</dd>
    </div>
  );
}
