// The two kinds of document billing issues.

/** An issued document: an invoice, or a credit note (avoir) cancelling all or part of one. Each has its own series. */
export const DOCUMENT_KINDS = ['invoice', 'credit_note'] as const;
export type DocumentKind = (typeof DOCUMENT_KINDS)[number];
export const DOCUMENT_KIND_LABELS: Record<DocumentKind, string> = { invoice: 'Facture', credit_note: 'Avoir' };
