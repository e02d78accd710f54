import { z } from '#shared/common/zod.ts';

// The confirmation is the form's business, not the server's: it only guards against a typo in a hidden field.
const CONFIRM_REQUIRED = 'Confirmez le nouveau mot de passe';
const CONFIRM_MISMATCH = 'Les deux mots de passe ne correspondent pas';

export const confirmPassword = z.string({ error: CONFIRM_REQUIRED }).min(1, CONFIRM_REQUIRED);

/** Refinement for a form holding newPassword and confirmPassword: the mismatch is shown under the confirmation. */
export function checkConfirmation(value: { newPassword: string; confirmPassword: string }, ctx: z.RefinementCtx) {
  if (value.confirmPassword && value.newPassword !== value.confirmPassword) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: CONFIRM_MISMATCH });
  }
}

export const PASSWORD_HINT = 'Au moins 12 caractères. Une phrase facile à retenir fait un bon mot de passe.';
