import { z } from '#shared/common/zod.ts';

/** A password a person chooses: long enough to resist guessing, checked again on the server. */
export const PASSWORD_MIN_LENGTH = 12;
const PASSWORD_MAX_LENGTH = 200;

export const newPassword = z
  .string({ error: 'Le mot de passe est requis' })
  .min(PASSWORD_MIN_LENGTH, `Le mot de passe doit contenir au moins ${PASSWORD_MIN_LENGTH} caractères`)
  .max(PASSWORD_MAX_LENGTH, `Le mot de passe ne peut pas dépasser ${PASSWORD_MAX_LENGTH} caractères`);

/**
 * Why a new password is refused given who chooses it, or null: it must not contain the username or the e-mail's
 * local part (the first thing an attacker tries). The form shows it under the field; the server refuses with it.
 */
export function passwordWeakness(
  password: string,
  who: { username?: string | null; email?: string | null },
): string | null {
  const lower = password.toLowerCase();
  const local = who.email?.split('@')[0];
  for (const part of [who.username, local]) {
    if (part && part.length >= 3 && lower.includes(part.toLowerCase())) {
      return 'Le mot de passe ne doit pas contenir votre identifiant ni votre adresse e-mail';
    }
  }
  return null;
}
