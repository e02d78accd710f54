import { ChevronLeft, ChevronRight } from 'lucide-react';
import { Button } from '#client/components/ui/button.tsx';

type PaginationProps = { offset: number; limit: number; total: number; onChange(offset: number): void; label: string };

export function Pagination({ offset, limit, total, onChange, label }: PaginationProps) {
  const page = Math.floor(offset / limit) + 1;
  const pages = Math.max(1, Math.ceil(total / limit));
  if (pages <= 1) return null;
  return (
    <nav aria-label={label} className="mt-4 flex items-center justify-between gap-2">
      <Button variant="secondary" size="sm" onClick={() => onChange(Math.max(0, offset - limit))} disabled={page <= 1}>
        <ChevronLeft aria-hidden="true" className="h-4 w-4" /> Précédent
      </Button>
      <p className="text-sm text-slate-700">
        Page {page} sur {pages}
      </p>
      <Button variant="secondary" size="sm" onClick={() => onChange(offset + limit)} disabled={page >= pages}>
        Suivant <ChevronRight aria-hidden="true" className="h-4 w-4" />
      </Button>
    </nav>
  );
}
