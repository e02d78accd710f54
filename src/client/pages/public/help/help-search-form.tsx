import { Search } from 'lucide-react';
import { buttonClass } from '#client/components/ui/button.tsx';
import { HELP_HOME } from '#shared/help/help-pages.ts';

/** A plain form: it searches before the script has loaded, and the results page is the server's. */
export function HelpSearchForm({ q = '' }: { q?: string }) {
  return (
    <form role="search" method="get" action={HELP_HOME} className="flex flex-col gap-2 sm:flex-row">
      <label htmlFor="aide-recherche" className="sr-only">
        Rechercher dans l’aide
      </label>
      <input
        id="aide-recherche"
        name="q"
        type="search"
        defaultValue={q}
        maxLength={200}
        placeholder="Exemple : imprimante, mot de passe, Wi-Fi…"
        className="h-12 w-full min-w-0 rounded-lg sm:flex-1 border border-slate-400 bg-white px-4 text-base text-slate-900 placeholder:text-slate-600"
      />
      <button type="submit" className={buttonClass('primary', 'lg')}>
        <Search aria-hidden="true" className="size-5" />
        Rechercher
      </button>
    </form>
  );
}
