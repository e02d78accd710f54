import type { ButtonHTMLAttributes } from 'react';
import { useHydrated } from '#client/lib/use-hydrated.ts';
import { cn } from './cn.ts';

const VARIANTS = {
  primary: 'bg-brand-600 text-white hover:bg-brand-700 disabled:bg-brand-600/60',
  secondary: 'bg-white text-slate-900 border border-slate-300 hover:bg-slate-100',
  ghost: 'text-slate-700 hover:bg-slate-100',
  danger: 'bg-red-700 text-white hover:bg-red-800',
} as const;
const SIZES = { sm: 'h-9 px-3 text-sm', md: 'h-11 px-4 text-base', lg: 'h-12 px-6 text-lg' } as const;

/**
 * For a label that opens a file picker: its input is visually hidden, so the label shows the keyboard focus the
 * input receives (the same ring as :focus-visible everywhere, styles.css).
 */
export const FILE_LABEL_FOCUS =
  'has-focus-visible:outline-3 has-focus-visible:outline-offset-2 has-focus-visible:outline-brand-600';

export type ButtonProps = ButtonHTMLAttributes<HTMLButtonElement> & {
  variant?: keyof typeof VARIANTS;
  size?: keyof typeof SIZES;
};

export function buttonClass(
  variant: keyof typeof VARIANTS = 'primary',
  size: keyof typeof SIZES = 'md',
  extra?: string,
) {
  return cn(
    'inline-flex items-center justify-center gap-2 rounded-lg font-medium transition-colors disabled:cursor-not-allowed',
    VARIANTS[variant],
    SIZES[size],
    extra,
  );
}

export function Button({ variant, size, className, type = 'button', ...props }: ButtonProps) {
  return <button type={type} className={buttonClass(variant, size, className)} {...props} />;
}

/**
 * A form's submit button, off until the page's script runs the form. On a page the server rendered, a tap before
 * hydration would let the browser send the form itself: a GET to the same address with every field in it (a password
 * in the address bar and the server's logs), and what was typed lost on the way.
 */
export function SubmitButton({ disabled, ...props }: Omit<ButtonProps, 'type'>) {
  const hydrated = useHydrated();
  return <Button type="submit" disabled={!hydrated || disabled} {...props} />;
}
