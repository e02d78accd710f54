// Which remote-control tools the company offers its clients, and its own RustDesk server: an admin's setting.
import { eq, sql } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client.ts';
import { appSettings } from '#server/db/schema.ts';
import { HttpError } from '#server/http-error.ts';
import type { RemoteTool } from '#shared/interventions/intervention-labels.ts';
import {
  DEFAULT_REMOTE_TOOL_SETTINGS,
  remoteToolSettingsSchema,
  TOOL_NOT_OFFERED,
  type RemoteToolSettings,
} from '#shared/interventions/remote-tools.ts';
import { writeAudit, type Actor } from '#server/services/security/audit.ts';

const KEY = 'remote_tools';

export async function remoteToolSettings(db: Tx): Promise<RemoteToolSettings> {
  const [row] = await db.select({ value: appSettings.value }).from(appSettings).where(eq(appSettings.key, KEY));
  // A row written by an older version that no longer parses falls back to the default rather than break the form.
  const parsed = row ? remoteToolSettingsSchema.safeParse(row.value) : null;
  return parsed?.success ? parsed.data : DEFAULT_REMOTE_TOOL_SETTINGS;
}

export async function updateRemoteToolSettings(
  db: Db,
  next: RemoteToolSettings,
  actor: Actor,
): Promise<RemoteToolSettings> {
  return db.transaction(async (tx) => {
    const before = await remoteToolSettings(tx);
    await tx
      .insert(appSettings)
      .values({ key: KEY, value: next })
      .onConflictDoUpdate({ target: appSettings.key, set: { value: next, updatedAt: sql`now()` } });
    await writeAudit(tx, actor, {
      action: 'settings.remote_tools',
      entity: 'settings',
      entityId: KEY,
      before,
      after: next,
    });
    return next;
  });
}

/** A request naming a tool the company does not offer is refused as a wrong field, under the tool's select. */
export async function assertToolOffered(tx: Tx, tool: RemoteTool | null | undefined): Promise<void> {
  if (!tool) return;
  const { offered } = await remoteToolSettings(tx);
  if (!offered.includes(tool)) throw new HttpError('VALIDATION', TOOL_NOT_OFFERED, { remoteTool: [TOOL_NOT_OFFERED] });
}
