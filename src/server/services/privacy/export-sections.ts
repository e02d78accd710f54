// The parts of « Mes données » beyond the account, its orders and requests: devices and their proofs, the threads of
// the requests and their files, online payments, e-mails. Files are listed here and placed in the archive beside
// data.json (export-archive.ts); the JSON names each one's path.
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Tx } from '#server/db/client.ts';
import {
  deviceProofs,
  devices,
  interventionAttachments,
  interventionMessages,
  onlinePayments,
  outbox,
} from '#server/db/schema.ts';
import { MAIL_KIND_LABELS } from '#shared/mail/mail-labels.ts';

export type ExportFile = { path: string; table: 'device_proofs' | 'intervention_attachments'; id: number };

/**
 * The archive's files, in the order they are met, up to a total size: a file past it stays out of the archive (its
 * `file` is null in data.json) so that one download never streams more than `maxBytes` of files.
 */
export function filePlacer(maxBytes: number) {
  const files: ExportFile[] = [];
  let total = 0;
  let left = 0;
  return {
    files,
    left: () => left,
    place(table: ExportFile['table'], folder: string, id: number, name: string, size: number): string | null {
      if (total + size > maxBytes) {
        left += 1;
        return null;
      }
      total += size;
      const path = `fichiers/${folder}/${id}-${safeName(name)}`;
      files.push({ path, table, id });
      return path;
    },
  };
}

export type Placer = ReturnType<typeof filePlacer>;

/** A name the client gave, usable as one path segment of a zip entry on any system (accents kept). */
function safeName(name: string): string {
  const cleaned = name
    .replace(/[\\/:*?"<>|\p{Cc}]/gu, '_')
    .replace(/^\.+/, '_')
    .trim()
    .slice(0, 120);
  return cleaned || 'fichier';
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** The client's devices with their proofs of ownership (who decided is staff's identity: left out). */
export async function devicesOf(db: Tx, clientId: number, placer: Placer) {
  const rows = await db
    .select()
    .from(devices)
    .where(eq(devices.clientId, clientId))
    .orderBy(asc(devices.createdAt), asc(devices.id));
  const proofs = rows.length
    ? await db
        .select({
          id: deviceProofs.id,
          deviceId: deviceProofs.deviceId,
          name: deviceProofs.name,
          mimeType: deviceProofs.mimeType,
          size: deviceProofs.size,
          uploadedAt: deviceProofs.uploadedAt,
        })
        .from(deviceProofs)
        .where(
          inArray(
            deviceProofs.deviceId,
            rows.map((d) => d.id),
          ),
        )
        .orderBy(asc(deviceProofs.id))
    : [];
  return rows.map((d) => ({
    id: d.id,
    deviceType: d.deviceType,
    deviceInfo: d.deviceInfo,
    status: d.status,
    proofRequested: d.proofRequested,
    proofMessage: d.proofMessage,
    refusalReason: d.refusalReason,
    decidedAt: iso(d.decidedAt),
    retiredAt: iso(d.retiredAt),
    coverChosenAt: iso(d.coverChosenAt),
    createdAt: d.createdAt.toISOString(),
    proofs: proofs
      .filter((p) => p.deviceId === d.id)
      .map((p) => ({
        name: p.name,
        mimeType: p.mimeType,
        size: p.size,
        uploadedAt: p.uploadedAt.toISOString(),
        file: placer.place('device_proofs', 'justificatifs', p.id, p.name, p.size),
      })),
  }));
}

/**
 * The threads of the client's requests: what they wrote and what staff wrote to them, with the files either side
 * sent (the client opens them all in the thread). The staff member's username stays out, as elsewhere.
 */
export async function threadsOf(db: Tx, interventionIds: number[], placer: Placer) {
  if (!interventionIds.length) return new Map<number, never[]>();
  const messages = await db
    .select({
      id: interventionMessages.id,
      interventionId: interventionMessages.interventionId,
      author: interventionMessages.author,
      body: interventionMessages.body,
      notice: interventionMessages.notice,
      createdAt: interventionMessages.createdAt,
    })
    .from(interventionMessages)
    .where(inArray(interventionMessages.interventionId, interventionIds))
    .orderBy(asc(interventionMessages.id));
  const files = messages.length
    ? await db
        .select({
          id: interventionAttachments.id,
          messageId: interventionAttachments.messageId,
          name: interventionAttachments.name,
          mimeType: interventionAttachments.mimeType,
          size: interventionAttachments.size,
          createdAt: interventionAttachments.createdAt,
        })
        .from(interventionAttachments)
        .where(
          inArray(
            interventionAttachments.messageId,
            messages.map((m) => m.id),
          ),
        )
        .orderBy(asc(interventionAttachments.id))
    : [];
  const threads = new Map<number, Array<ReturnType<typeof toMessage>>>();
  function toMessage(m: (typeof messages)[number]) {
    return {
      author: m.author,
      body: m.body,
      // a line about the request (the end of a screen share), not something someone wrote
      notice: m.notice,
      sentAt: m.createdAt.toISOString(),
      attachments: files
        .filter((f) => f.messageId === m.id)
        .map((f) => ({
          name: f.name,
          mimeType: f.mimeType,
          size: f.size,
          file: placer.place('intervention_attachments', 'demandes', f.id, f.name, f.size),
        })),
    };
  }
  for (const m of messages) {
    const thread = threads.get(m.interventionId) ?? [];
    thread.push(toMessage(m));
    threads.set(m.interventionId, thread);
  }
  return threads;
}

/** The card payments asked for the client's orders, as the provider last told us (its page's address left out). */
export async function paymentsOf(db: Tx, orderIds: number[]) {
  if (!orderIds.length) return new Map<number, never[]>();
  const rows = await db
    .select()
    .from(onlinePayments)
    .where(inArray(onlinePayments.orderId, orderIds))
    .orderBy(asc(onlinePayments.createdAt));
  const byOrder = new Map<number, Array<Record<string, unknown>>>();
  for (const p of rows) {
    const list = byOrder.get(p.orderId) ?? [];
    list.push({
      status: p.status,
      amountCents: p.amountCents,
      currency: p.currency,
      paymentIntent: p.paymentIntent,
      createdAt: p.createdAt.toISOString(),
      updatedAt: p.updatedAt.toISOString(),
    });
    byOrder.set(p.orderId, list);
  }
  return byOrder;
}

/**
 * The e-mails sent to the client: what, when, to which address (never a sealed secret). Staff's own e-mails about
 * them went to staff addresses; what they said is in the requests and the threads.
 */
export async function emailsOf(db: Tx, client: { id: number; email: string }) {
  const rows = await db
    .select({
      kind: outbox.kind,
      recipient: outbox.recipient,
      subject: outbox.subject,
      status: outbox.status,
      createdAt: outbox.createdAt,
      sentAt: outbox.sentAt,
    })
    .from(outbox)
    .where(
      and(
        or(eq(outbox.clientId, client.id), sql`lower(${outbox.recipient}) = lower(${client.email})`),
        sql`${outbox.kind}::text not like 'staff\_%'`,
      ),
    )
    .orderBy(asc(outbox.id));
  return rows.map((m) => ({
    ...m,
    kind: MAIL_KIND_LABELS[m.kind],
    createdAt: m.createdAt.toISOString(),
    sentAt: iso(m.sentAt),
  }));
}
