// The CGV as data, one copy for every reader: the /cgv page draws it as HTML, the contract e-mail's PDF prints it
// (docs/decisions/041). A block is what the page shows as a paragraph, a list, a sub-heading, a table of the catalogue
// or the model withdrawal form; a sentence is a list of pieces, some bold, some links.
import { PLANS, interventionsLabel } from '#shared/plans.ts';
import { formatEuro } from '#shared/format.ts';
import type { SiteInfo } from '#shared/site.ts';

/** Plain text, bold text, or a link (an address of the site starts with /, the others are whole: mailto:, https:). */
export type Inline = string | { bold: string } | { link: string; href: string };

export type LegalBlock =
  | { p: Inline[] }
  | { ul: Inline[][] }
  | { ol: Inline[][] }
  | { h3: string; id?: string }
  | { table: 'plans' | 'service-levels' }
  | { withdrawalForm: true };

export type LegalTextSection = { id: string; title: string; blocks: LegalBlock[] };

export const b = (text: string): Inline => ({ bold: text });
export const link = (text: string, href: string): Inline => ({ link: text, href });
export const mailLink = (site: Pick<SiteInfo, 'email'>): Inline => link(site.email, `mailto:${site.email}`);
export const p = (...text: Inline[]): LegalBlock => ({ p: text });

/** Who the company is, from settings: the same list in the CGV (every version) and the legal notices. */
export function companyIdentity(site: SiteInfo): LegalBlock {
  return {
    ul: [
      [b('Société :'), ` ${site.legalName} (nom commercial : ${site.siteName})`],
      [b('Immatriculation :'), ` ${site.companyId}`],
      [b('Adresse :'), ` ${site.address}`],
      [b('E-mail :'), ' ', mailLink(site)],
      [b('Téléphone :'), ` ${site.phone}`],
    ],
  };
}

/**
 * A table of the catalogue as printed text, one row per plan, its name first (docs/decisions/027): the page draws the
 * same figures in its own tables (plan-tables.tsx).
 */
export function catalogueTable(table: 'plans' | 'service-levels'): {
  columns: Array<{ title: string; align?: 'right' }>;
  rows: string[][];
} {
  return table === 'plans'
    ? {
        columns: [
          { title: 'Abonnement' },
          { title: 'Durée' },
          { title: 'Appareils' },
          { title: 'Prix', align: 'right' },
        ],
        rows: PLANS.map((p) => [p.name, p.durationText, String(p.maxDevices), formatEuro(p.price)]),
      }
    : {
        columns: [
          { title: 'Abonnement' },
          { title: 'Interventions' },
          { title: 'Délai de réponse visé' },
          { title: 'Horaires' },
        ],
        rows: PLANS.map((p) => [p.name, interventionsLabel(p), p.responseTime, p.supportHours]),
      };
}
