// Every version's text of the CGV, for the /cgv page and the PDF joined to the contract e-mail (docs/decisions/041).
// Kept apart from cgv-versions.ts, which the order forms load: they need the versions, not the text.
import type { SiteInfo } from '#shared/site.ts';
import type { CgvVersion } from './cgv-versions.ts';
import type { LegalTextSection } from './legal-text.ts';
import { cgv20250117 } from './cgv-2025-01-17.ts';
import { cgv20261127 } from './cgv-2026-11-27.ts';

/** An order stores the version its client accepted: that version's words must stay readable, unchanged. */
export const CGV_TEXT: Record<CgvVersion, (site: SiteInfo) => LegalTextSection[]> = {
  '2025-01-17': cgv20250117,
  '2026-11-27': cgv20261127,
};
