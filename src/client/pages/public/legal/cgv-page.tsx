import type { ReactNode } from 'react';
import { Link, useSearchParams } from '#client/lib/router.ts';
import { useSite } from '#client/lib/site.tsx';
import { CGV_VERSIONS, CURRENT_CGV, cgvHref, findCgvVersion, type CgvVersion } from '#shared/orders/cgv-versions.ts';
import { CGV_TEXT } from '#shared/orders/cgv-text.ts';
import { LegalDocument } from './legal-document.tsx';
import { LegalBlocks } from './legal-blocks.tsx';

export function CgvPage() {
  const site = useSite();
  const [params] = useSearchParams();
  const shown = findCgvVersion(params.get('version')) ?? CURRENT_CGV;
  const past = shown.version !== CURRENT_CGV.version;
  return (
    <LegalDocument
      title="Conditions générales de vente"
      updated={{ iso: shown.version, label: shown.label }}
      intro={
        past ? (
          <p data-testid="cgv-past-version">
            Vous lisez la version du {shown.label}, qui n’est plus en vigueur : elle reste applicable aux commandes
            passées sous cette version. <Link to={cgvHref()}>Lire la version en vigueur</Link>.
          </p>
        ) : (
          <p>
            Ces conditions expliquent simplement ce que comprend votre abonnement {site.siteName}, comment le payer, sa
            durée et vos droits. Lisez-les avant de commander ; en cas de question, écrivez-nous à{' '}
            <a href={`mailto:${site.email}`}>{site.email}</a>.
          </p>
        )
      }
      // Every version's text, from the one copy the contract e-mail's PDF prints too (decision 041).
      sections={CGV_TEXT[shown.version](site).map((s) => ({
        id: s.id,
        title: s.title,
        body: <LegalBlocks blocks={s.blocks} site={site} />,
      }))}
      after={<Versions shown={shown.version} />}
    />
  );
}

function Versions({ shown }: { shown: CgvVersion }): ReactNode {
  return (
    <section aria-labelledby="versions-titre" className="mt-10 rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="versions-titre" className="text-lg font-semibold text-slate-900">
        Toutes les versions
      </h2>
      <ul className="mt-3 list-disc space-y-1.5 pl-6">
        {[...CGV_VERSIONS].reverse().map((v) => (
          <li key={v.version}>
            {v.version === shown ? (
              <span aria-current="page">
                Version du {v.label}
                {v.version === CURRENT_CGV.version ? ' (en vigueur)' : ''}
              </span>
            ) : (
              <Link to={cgvHref(v.version)} className="font-medium text-brand-700 underline">
                Version du {v.label}
                {v.version === CURRENT_CGV.version ? ' (en vigueur)' : ''}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}
