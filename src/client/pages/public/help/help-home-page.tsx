import { PublicLayout } from '#client/components/layout/public-layout.tsx';
import { PageSpinner } from '#client/components/ui/spinner.tsx';
import { HELP_CATEGORY_LABELS } from '#shared/help/help-labels.ts';
import { helpArticlePath, type HelpHomeData } from '#shared/help/help-pages.ts';
import { ArticleLink } from './help-cards.tsx';
import { HelpSearchForm } from './help-search-form.tsx';
import { useHelpHome } from './use-help-page.ts';

/** /aide: a search box, the results of the search sent, the most read articles, every article by category. */
export function HelpHomePage() {
  const read = useHelpHome();
  if (read.state !== 'ready') return <PageSpinner />;
  const { data } = read;
  return (
    <PublicLayout>
      <div className="mx-auto max-w-4xl px-4 py-10 sm:py-14">
        <h1 className="text-3xl font-bold tracking-tight text-slate-900 sm:text-4xl">Centre d’aide</h1>
        <p className="mt-3 text-lg text-slate-700">
          Des réponses simples aux questions les plus fréquentes, écrites par nos techniciens.
        </p>
        <div className="mt-6">
          <HelpSearchForm q={data.search?.q} />
        </div>
        {data.search && <SearchResults search={data.search} />}
        {data.mostRead.length > 0 && (
          <section aria-labelledby="plus-lus" className="mt-10">
            <h2 id="plus-lus" className="text-2xl font-semibold text-slate-900">
              Les plus lus
            </h2>
            <ul className="mt-4 grid gap-3">
              {data.mostRead.map((a) => (
                <ArticleLink key={a.slug} article={a} showCategory />
              ))}
            </ul>
          </section>
        )}
        <Categories categories={data.categories} />
      </div>
    </PublicLayout>
  );
}

function SearchResults({ search }: { search: NonNullable<HelpHomeData['search']> }) {
  return (
    <section aria-labelledby="resultats" className="mt-8">
      <h2 id="resultats" className="text-2xl font-semibold text-slate-900">
        Résultats pour « {search.q} »
      </h2>
      {search.results.length ? (
        <ul className="mt-4 grid gap-3">
          {search.results.map((r) => (
            <ArticleLink key={r.slug} article={r} snippet={r.snippet} showCategory />
          ))}
        </ul>
      ) : (
        <p className="mt-3 text-slate-700">
          Aucun article ne répond encore à cette question. Essayez d’autres mots, ou{' '}
          <a href="/#contact" className="font-medium text-brand-700 underline">
            écrivez-nous
          </a>{' '}
          : un technicien vous répondra.
        </p>
      )}
    </section>
  );
}

function Categories({ categories }: { categories: HelpHomeData['categories'] }) {
  return (
    <section aria-labelledby="categories" className="mt-10">
      <h2 id="categories" className="text-2xl font-semibold text-slate-900">
        Par thème
      </h2>
      <div className="mt-4 grid gap-6 sm:grid-cols-2">
        {categories.map(({ category, articles }) => (
          <section key={category} aria-labelledby={`theme-${category}`}>
            <h3 id={`theme-${category}`} className="text-lg font-semibold text-slate-900">
              {HELP_CATEGORY_LABELS[category]}
            </h3>
            <ul className="mt-2 space-y-1">
              {articles.map((a) => (
                <li key={a.slug}>
                  <a
                    href={helpArticlePath(a.slug)}
                    className="inline-flex min-h-11 items-center text-brand-700 hover:underline sm:min-h-0"
                  >
                    {a.title}
                  </a>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </section>
  );
}
