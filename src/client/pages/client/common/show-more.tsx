import { Button } from '#client/components/ui/button.tsx';

/** « Afficher plus » under a list that holds more than it shows, with the count so nobody wonders how many are left. */
export function ShowMore({
  shown,
  total,
  loading,
  onMore,
}: {
  shown: number;
  total: number;
  loading: boolean;
  onMore(): void;
}) {
  if (shown >= total) return null;
  return (
    <div className="mt-4 flex flex-col items-center gap-2">
      <p className="text-sm text-slate-600">
        {shown} sur {total} affichées
      </p>
      <Button variant="secondary" onClick={onMore} disabled={loading}>
        {loading ? 'Chargement...' : 'Afficher plus'}
      </Button>
    </div>
  );
}
