import { Fragment } from 'react';
import { Link } from '#client/lib/router.ts';
import type { SiteInfo } from '#shared/site.ts';
import type { Inline, LegalBlock } from '#shared/orders/legal-text.ts';
import { withdrawalFormLines } from '#shared/orders/withdrawal-form.ts';
import { PlansTable, ServiceLevelsTable } from './plan-tables.tsx';

/** A sentence of a legal text: bold pieces in <strong>, the site's own addresses through the router. */
function Sentence({ text }: { text: Inline[] }) {
  return text.map((piece, i) => (
    <Fragment key={i}>
      {typeof piece === 'string' ? (
        piece
      ) : 'bold' in piece ? (
        <strong>{piece.bold}</strong>
      ) : piece.href.startsWith('/') ? (
        <Link to={piece.href}>{piece.link}</Link>
      ) : (
        <a href={piece.href}>{piece.link}</a>
      )}
    </Fragment>
  ));
}

/** The blocks of a legal text's section (shared/orders/legal-text.ts), as the page shows them. */
export function LegalBlocks({ blocks, site }: { blocks: LegalBlock[]; site: SiteInfo }) {
  return blocks.map((block, i) => {
    if ('p' in block)
      return (
        <p key={i}>
          <Sentence text={block.p} />
        </p>
      );
    if ('ul' in block || 'ol' in block) {
      const items = 'ul' in block ? block.ul : block.ol;
      const list = items.map((item, j) => (
        <li key={j}>
          <Sentence text={item} />
        </li>
      ));
      return 'ul' in block ? <ul key={i}>{list}</ul> : <ol key={i}>{list}</ol>;
    }
    if ('h3' in block)
      return (
        <h3 key={i} id={block.id}>
          {block.h3}
        </h3>
      );
    if ('table' in block) return block.table === 'plans' ? <PlansTable key={i} /> : <ServiceLevelsTable key={i} />;
    return (
      <div key={i} className="mt-3 rounded-lg border border-slate-300 bg-white p-4" data-testid="withdrawal-form">
        {withdrawalFormLines(site).map((line) => (
          <p key={line.text}>
            {line.text}
            {line.blank && <span aria-hidden="true"> ……………………………………</span>}
          </p>
        ))}
      </div>
    );
  });
}
