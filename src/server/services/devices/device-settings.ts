// Whether a new device needs a proof of ownership before assistance, and the message that asks for it: an admin's setting.
import { eq } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client.ts';
import { appSettings } from '#server/db/schema.ts';
import type { DeviceSettings } from '#shared/devices/device-api.ts';
import { writeAudit, type Actor } from '#server/services/security/audit.ts';

const PROOF_REQUIRED_KEY = 'deviceProofRequired';
export const DEFAULT_PROOF_MESSAGE =
  'Envoyez une photo ou un PDF de la facture d’achat de cet appareil (ou tout document prouvant qu’il est à vous).';

/** The admin setting « justificatif obligatoire pour tout nouvel appareil ». */
export async function proofRequiredForNewDevices(db: Tx): Promise<boolean> {
  const [row] = await db
    .select({ value: appSettings.value })
    .from(appSettings)
    .where(eq(appSettings.key, PROOF_REQUIRED_KEY));
  return row?.value === true;
}

export async function deviceSettings(db: Tx): Promise<DeviceSettings> {
  return { proofRequired: await proofRequiredForNewDevices(db) };
}

export async function updateDeviceSettings(
  db: Db,
  { proofRequired: required }: DeviceSettings,
  actor: Actor,
): Promise<DeviceSettings> {
  return db.transaction(async (tx) => {
    const before = await proofRequiredForNewDevices(tx);
    if (before === required) return { proofRequired: required };
    await tx
      .insert(appSettings)
      .values({ key: PROOF_REQUIRED_KEY, value: required })
      .onConflictDoUpdate({ target: appSettings.key, set: { value: required, updatedAt: new Date() } });
    await writeAudit(tx, actor, {
      action: 'settings.device_proof',
      entity: 'settings',
      entityId: PROOF_REQUIRED_KEY,
      before: { required: before },
      after: { required },
    });
    return { proofRequired: required };
  });
}
