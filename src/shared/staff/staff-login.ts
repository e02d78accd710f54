// The back-office's sign-in and the code that unlocks the download tab.
import { z } from '#shared/common/zod.ts';
import { requiredTrimmed, required } from '#shared/common/fields.ts';

export const adminLoginInputSchema = z.object({
  username: requiredTrimmed("Le nom d'utilisateur est requis"),
  password: required('Le mot de passe est requis'),
});
export type AdminLoginInput = z.input<typeof adminLoginInputSchema>;

export const unlockInputSchema = z.object({ code: required('Le code secret est requis') });
