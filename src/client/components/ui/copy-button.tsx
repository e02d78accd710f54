import { useEffect, useState } from 'react';
import { Check, Copy } from 'lucide-react';
import { cn } from './cn.ts';
import { Tooltip } from './tooltip.tsx';

type CopyButtonProps = {
  value: string;
  /** what is copied, read by screen readers: « Copier le mot de passe » */
  label: string;
  className?: string;
  onError?(): void;
};

/**
 * Copies a value to the clipboard and says so for two seconds, visually and to screen readers. Its label shows as a
 * tooltip: under a TooltipProvider (the back-office, a dialog).
 */
export function CopyButton({ value, label, className, onError }: CopyButtonProps) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), 2000);
    return () => clearTimeout(timer);
  }, [copied]);

  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setCopied(true);
    } catch {
      onError?.();
    }
  }

  return (
    <Tooltip label={label}>
      <button
        type="button"
        onClick={() => void copy()}
        aria-label={label}
        className={cn(
          'relative inline-flex h-8 w-8 shrink-0 items-center justify-center rounded-md border border-slate-300 bg-white text-slate-700 hover:bg-slate-100',
          className,
        )}
      >
        {copied ? (
          <Check aria-hidden="true" className="h-4 w-4 text-green-700" />
        ) : (
          <Copy aria-hidden="true" className="h-4 w-4" />
        )}
        <span role="status" className="sr-only">
          {copied ? 'Copié' : ''}
        </span>
      </button>
    </Tooltip>
  );
}
