import { AlertTriangle } from 'lucide-react';
import { Button } from './button.tsx';

/** A block that could not load: says so in French, with the server's reason, and offers to try again. */
export function LoadError({
  title = 'Impossible de charger les données',
  error,
  onRetry,
}: {
  title?: string;
  error: Error;
  onRetry(): void;
}) {
  return (
    <div
      role="alert"
      className="flex flex-col items-center gap-3 rounded-xl border border-red-200 bg-red-50 px-4 py-6 text-center"
    >
      <AlertTriangle aria-hidden="true" className="h-6 w-6 text-red-700" />
      <p className="font-semibold text-red-900">{title}</p>
      <p className="text-sm text-red-800">{error.message}</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        Réessayer
      </Button>
    </div>
  );
}
