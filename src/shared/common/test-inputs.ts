import type { z } from './zod.ts';

/** A registration every rule accepts: tests change one field of it (schema and route tests alike). */
export const VALID_REGISTRATION = {
  firstName: 'Jeanne',
  lastName: 'Dupont',
  email: 'jeanne.dupont@exemple.fr',
  phone: '06 12 34 56 78',
  planId: 'pro',
  deviceType: 'macbook',
  deviceInfo: 'MacBook Air 2020, macOS Sonoma',
  // the CGV box, which every order must tick (docs/decisions/041)
  acceptCgv: true,
};

/** The messages a schema gives one field when a valid input changes only that field. */
export function fieldMessages(
  schema: z.ZodType,
  valid: Record<string, unknown>,
  field: string,
  value: unknown,
): string[] {
  const result = schema.safeParse({ ...valid, [field]: value });
  return result.success ? [] : result.error.issues.filter((i) => i.path[0] === field).map((i) => i.message);
}
