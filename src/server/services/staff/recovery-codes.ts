// Recovery codes: single-use, kept hashed, for a member who lost their phone.
import { randomInt } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { RECOVERY_CODE_COUNT } from '#shared/staff/two-factor.ts';
import type { Tx } from '#server/db/client.ts';
import { staffRecoveryCodes } from '#server/db/schema.ts';
import { hashSessionToken } from '#server/services/security/sessions.ts';

// Recovery codes: 16 characters of an unambiguous alphabet (80 bits), shown as four groups of four. With that much
// chance in them a SHA-256 is enough to store them, as for session ids (docs/decisions/004).
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';
export const RECOVERY_LENGTH = 16;

function generateRecoveryCode(): string {
  const raw = Array.from(
    { length: RECOVERY_LENGTH },
    () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]!,
  ).join('');
  return raw.match(/.{4}/g)!.join('-');
}

/** What is hashed: the code as typed, without spaces, dashes or capitals. */
const normaliseRecoveryCode = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();
export const hashRecoveryCode = (code: string) => hashSessionToken(`recovery:${normaliseRecoveryCode(code)}`);

export async function replaceRecoveryCodes(tx: Tx, staffId: number): Promise<string[]> {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, generateRecoveryCode);
  await tx.delete(staffRecoveryCodes).where(eq(staffRecoveryCodes.staffId, staffId));
  await tx.insert(staffRecoveryCodes).values(codes.map((code) => ({ staffId, codeHash: hashRecoveryCode(code) })));
  return codes;
}
