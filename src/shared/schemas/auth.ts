import { z } from 'zod';

const required = (message: string) => z.string({ error: message }).min(1, message).max(200, message);

export const adminLoginSchema = z.object({
  username: required("Le nom d'utilisateur est requis").transform((s) => s.trim()),
  password: required('Le mot de passe est requis'),
});
export type AdminLoginInput = z.input<typeof adminLoginSchema>;

export const unlockSchema = z.object({ code: required('Le code secret est requis') });

/** Client login: `email` carries the username or the e-mail (DESIGN.md decision 4). */
export const clientLoginSchema = z.object({
  email: required('Veuillez remplir tous les champs').transform((s) => s.trim()),
  password: required('Veuillez remplir tous les champs'),
});
export type ClientLoginInput = z.input<typeof clientLoginSchema>;
