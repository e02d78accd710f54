import type { HTMLAttributes } from 'react';
import { cn } from './cn.ts';

type CardProps = HTMLAttributes<HTMLElement> & {
  /** a titled card is a region (section with aria-labelledby): screen readers can jump to it */
  as?: 'div' | 'section';
};

export function Card({ className, as: Tag = 'div', ...props }: CardProps) {
  return <Tag className={cn('rounded-xl border border-slate-200 bg-white p-5 shadow-sm', className)} {...props} />;
}
