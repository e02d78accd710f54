// What staff are told live beyond requests: a new item of « Messages » and a device's proof. Every member reads
// « Messages » and checks proofs (routes/admin/inbox.ts, devices.ts: ANY_STAFF), so every member is told; no client
// ever is. A sentence names the person as the list shows them, never what they wrote.
import type { Tx } from '#server/db/client.ts';
import type { InboxLiveKind } from '#shared/live/live-api.ts';
import { publishLive } from './events.ts';

type InboxItem = { id: number; name: string; clientId?: number | null };

const INBOX_TEXT: Record<InboxLiveKind, (item: InboxItem) => string> = {
  'inbox.registration': (i) => `Nouvelle demande d’inscription de ${i.name}`,
  'inbox.contact': (i) => `Nouveau message de contact de ${i.name}`,
  // The person asks for their name to go: the sentence, kept a day, names the account's number only.
  'inbox.erasure': (i) =>
    `Nouvelle demande d’effacement des données (client n° ${i.clientId ?? '?'}), à confirmer par un administrateur`,
};

/** A registration, contact message or erasure request just stored, in its transaction. */
export async function publishInboxLive(tx: Tx, kind: InboxLiveKind, item: InboxItem) {
  await publishLive(
    tx,
    kind,
    { subjectId: item.id, clientId: item.clientId ?? null },
    { staff: INBOX_TEXT[kind](item) },
  );
}

/** A proof a client just sent for one of their devices, in its transaction. */
export async function publishProofLive(tx: Tx, proof: { deviceId: number; clientId: number; clientName: string }) {
  await publishLive(
    tx,
    'device.proof',
    { subjectId: proof.deviceId, clientId: proof.clientId },
    {
      staff: `Nouveau justificatif pour l’appareil n° ${proof.deviceId} de ${proof.clientName}`,
    },
  );
}
