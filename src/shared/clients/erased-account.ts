/**
 * An erased account's e-mail, which marks the account as erased: unique per account (the e-mail index is unique) and
 * undeliverable by definition (RFC 6761 reserves .invalid). No form takes an address without a dot in its domain.
 * Here, below every area, so that a job of a lower one (the renewal reminders) keeps the same rule.
 */
export const erasedEmail = (clientId: number) => `supprime-${clientId}@invalid`;
export const isErasedEmail = (email: string) => email.endsWith('@invalid');
/** The same rule for SQL: `email not like ERASED_EMAILS` is an account not erased. */
export const ERASED_EMAILS = '%@invalid';
