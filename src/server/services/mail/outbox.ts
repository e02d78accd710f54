import { and, count, desc, eq, fillPlaceholders, ilike, inArray, or, sql, type Query, type SQL } from 'drizzle-orm';
import type { Db, Tx } from '#server/db/client.ts';
import { outbox } from '#server/db/schema.ts';
import { HttpError, notFound } from '#server/http-error.ts';
import type { JobQueue } from '#server/jobs/job-queue.ts';
import type { RunPrepared } from '#server/jobs/prepared-statements.ts';
import type { OutboxMessageDto } from '#shared/mail/outbox-api.ts';
import type { MailKind, MailStatus } from '#shared/mail/mail-labels.ts';
import type { SiteInfo } from '#shared/site.ts';
import { writeAudit, type Actor } from '#server/services/security/audit.ts';
import { containsPattern } from '#server/db/search-pattern.ts';
import { MAIL_DELIVERY } from './delivery.ts';
import { KINDS_WITH_SECRET, type MailParams, type MailToQueue } from './mail-params.ts';
import type { SecretBox } from './secret-box.ts';
import { mailSubject } from './templates/subjects.ts';

const OUTBOX_NOT_FOUND = 'Message introuvable';

/**
 * Every e-mail goes through here: an outbox row in the caller's transaction, which the mail workers take up once it
 * commits (delivery.ts). The request that causes a message never waits for the SMTP server; a dead server delays the
 * message, never loses it.
 */
export type MailQueue = {
  /** Queues one message; false when a message with this key already exists (it is then sent once, not twice). */
  queue(tx: Tx, request: MailToQueue): Promise<boolean>;
  /**
   * A message to STAFF_EMAIL; nothing when it is unset (staff then read the back-office only). `clientId` names the
   * client it is about, whose erasure blanks it with their own messages (null: a visitor's request, found by its key).
   */
  queueForStaff<
    K extends
      | 'staff_new_registration'
      | 'staff_contact'
      | 'staff_new_intervention'
      | 'staff_intervention_message'
      | 'staff_intervention_closed'
      | 'staff_intervention_rating'
      | 'staff_device_proof',
  >(
    tx: Tx,
    key: string,
    kind: K,
    params: MailParams[K],
    clientId: number | null,
  ): Promise<boolean>;
};

/** A newer message of these kinds makes the older unsent one useless (old password, retired link): it is cancelled. */
const SUPERSEDED: Partial<Record<MailKind, string>> = {
  credentials: 'Remplacé par de nouveaux identifiants avant son envoi',
  password_reset: 'Remplacé par un lien plus récent avant son envoi',
  staff_password_link: 'Remplacé par un lien plus récent avant son envoi',
};

const OUTBOX_INSERT_VALUES = {
  key: sql.placeholder('key'),
  kind: sql.placeholder('kind'),
  recipient: sql.placeholder('recipient'),
  subject: sql.placeholder('subject'),
  params: sql.placeholder('params'),
  secret: sql.placeholder('secret'),
  clientId: sql.placeholder('clientId'),
};
let outboxInsertQuery: Query | undefined;
/** A message's insert, built once (Drizzle takes longer to build it than PostgreSQL to run it); its values fill it each time. */
const outboxInsert = (tx: Tx): Query =>
  (outboxInsertQuery ??= tx
    .insert(outbox)
    .values(OUTBOX_INSERT_VALUES)
    .onConflictDoNothing({ target: outbox.key })
    .returning({ id: outbox.id })
    .toSQL());

export function createMailQueue(deps: {
  jobs: JobQueue;
  prepared: RunPrepared;
  box: SecretBox;
  site: SiteInfo;
  staffEmail: string | undefined;
}): MailQueue {
  const mail: MailQueue = {
    async queue(tx, request) {
      // An erased person's placeholder address (RFC 6761 .invalid) can never receive anything.
      if (/[@.]invalid$/i.test(request.to)) return false;
      const reason = SUPERSEDED[request.kind];
      if (reason && request.clientId) await cancelUnsent(tx, request.clientId, request.kind, reason);
      // Prepared once: every paid order runs it.
      const values = {
        key: request.key,
        kind: request.kind,
        recipient: request.to,
        subject: mailSubject(request.kind, request.params as never, deps.site),
        params: request.params,
        secret: request.secret === undefined ? null : deps.box.seal(request.secret),
        clientId: request.clientId ?? null,
      } satisfies Record<keyof typeof OUTBOX_INSERT_VALUES, unknown>;
      const insert = outboxInsert(tx);
      const inserted = await deps.prepared(tx, insert.sql, fillPlaceholders(insert.params, values));
      if (inserted.length) deps.jobs.wake(MAIL_DELIVERY);
      return inserted.length > 0;
    },
    async queueForStaff(tx, key, kind, params, clientId) {
      if (!deps.staffEmail) return false;
      return mail.queue(tx, { key, kind, to: deps.staffEmail, params, clientId } as MailToQueue);
    },
  };
  return mail;
}

async function cancelUnsent(tx: Tx, clientId: number, kind: MailKind, reason: string) {
  await tx
    .update(outbox)
    .set({ status: 'cancelled', secret: null, lastError: reason, updatedAt: new Date() })
    .where(and(eq(outbox.clientId, clientId), eq(outbox.kind, kind), inArray(outbox.status, ['queued', 'failed'])));
}

// ---- the « Courriels » tab ----------------------------------------------------------------------------------------

type OutboxRow = typeof outbox.$inferSelect;

/** What staff see of a message: never its params (a reset link's context) nor, above all, its secret. */
function toOutboxDto(
  row: Pick<
    OutboxRow,
    | 'id'
    | 'kind'
    | 'recipient'
    | 'subject'
    | 'status'
    | 'attempts'
    | 'lastError'
    | 'createdAt'
    | 'updatedAt'
    | 'sentAt'
    | 'secret'
  >,
): OutboxMessageDto {
  return {
    id: row.id,
    kind: row.kind,
    recipient: row.recipient,
    subject: row.subject,
    status: row.status,
    attempts: row.attempts,
    lastError: row.lastError,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
    sentAt: row.sentAt?.toISOString() ?? null,
    canResend: row.status === 'failed' && (!KINDS_WITH_SECRET.has(row.kind) || row.secret !== null),
  };
}

const listColumns = {
  id: outbox.id,
  kind: outbox.kind,
  recipient: outbox.recipient,
  subject: outbox.subject,
  status: outbox.status,
  attempts: outbox.attempts,
  lastError: outbox.lastError,
  createdAt: outbox.createdAt,
  updatedAt: outbox.updatedAt,
  sentAt: outbox.sentAt,
  secret: outbox.secret,
};

export type OutboxFilter = { status?: MailStatus; q?: string; limit: number; offset: number };

export async function listOutbox(db: Tx, filter: OutboxFilter): Promise<{ items: OutboxMessageDto[]; total: number }> {
  const conditions: SQL[] = [];
  // « En attente » covers the messages a worker holds right now: both are on their way.
  if (filter.status === 'queued') conditions.push(inArray(outbox.status, ['queued', 'sending']));
  else if (filter.status) conditions.push(eq(outbox.status, filter.status));
  if (filter.q) {
    const pattern = containsPattern(filter.q);
    conditions.push(or(ilike(outbox.recipient, pattern), ilike(outbox.subject, pattern))!);
  }
  const where = and(...conditions);
  const [rows, [total]] = await Promise.all([
    db
      .select(listColumns)
      .from(outbox)
      .where(where)
      .orderBy(desc(outbox.createdAt), desc(outbox.id))
      .limit(filter.limit)
      .offset(filter.offset),
    db.select({ n: count() }).from(outbox).where(where),
  ]);
  return { items: rows.map(toOutboxDto), total: Number(total?.n ?? 0) };
}

/** « Renvoyer »: a failed message goes back to the queue for a new round of attempts; audited. */
export async function resendMail(db: Db, jobs: JobQueue, id: number, actor: Actor): Promise<OutboxMessageDto> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(outbox).where(eq(outbox.id, id)).for('update');
    if (!row) throw notFound(OUTBOX_NOT_FOUND);
    if (row.status !== 'failed') {
      throw new HttpError(
        'NOT_FAILED',
        'Seul un message en échec peut être renvoyé : celui-ci est déjà envoyé, annulé ou en cours d’envoi.',
      );
    }
    if (KINDS_WITH_SECRET.has(row.kind) && row.secret === null) {
      throw new HttpError(
        'SECRET_GONE',
        'Ce message contenait un mot de passe ou un lien qui n’est plus valable : régénérez les identifiants depuis la commande.',
      );
    }
    if (
      row.kind === 'password_reset' &&
      new Date((row.params as MailParams['password_reset']).expiresAt) < new Date()
    ) {
      throw new HttpError(
        'LINK_EXPIRED',
        'Le lien de ce message a expiré : le client doit refaire une demande de mot de passe oublié.',
      );
    }
    const [updated] = await tx
      .update(outbox)
      .set({ status: 'queued', attempts: 0, nextAttemptAt: sql`now()`, updatedAt: new Date() })
      .where(eq(outbox.id, id))
      .returning();
    jobs.wake(MAIL_DELIVERY);
    await writeAudit(tx, actor, {
      action: 'mail.resend',
      entity: 'outbox',
      entityId: id,
      before: { status: row.status, attempts: row.attempts },
      after: { status: 'queued' },
    });
    return toOutboxDto(updated!);
  });
}

/**
 * Erasure: the messages to or about a person keep no trace of them (subject, params, secret, the SMTP server's answer,
 * which may quote their address; their address becomes the placeholder, staff's address stays) and those not yet sent
 * are cancelled. Staff's messages about them carry their id; those written without it (by a release before, still
 * running during an upgrade) are found by the request or the client they name. `keys` names the staff messages about
 * a registration or a contact message, sent before any account.
 */
export async function anonymiseOutboxOf(
  tx: Tx,
  person: { clientId: number; email: string; placeholder: string; interventionIds: number[]; keys: string[] },
) {
  const staffMailAbout = and(
    sql`${outbox.kind}::text like 'staff\_%'`,
    or(
      sql`${outbox.params}->>'clientId' = ${String(person.clientId)}`,
      person.interventionIds.length
        ? inArray(sql`${outbox.params}->>'interventionId'`, person.interventionIds.map(String))
        : undefined,
    ),
  );
  await tx
    .update(outbox)
    .set({
      recipient: sql`case when lower(${outbox.recipient}) = lower(${person.email}) then ${person.placeholder} else ${outbox.recipient} end`,
      subject: 'Message effacé (données d’une personne effacée)',
      params: sql`'{}'::jsonb`,
      secret: null,
      lastError: null,
      status: sql`case when ${outbox.status} in ('queued', 'failed') then 'cancelled'::mail_status else ${outbox.status} end`,
      updatedAt: new Date(),
    })
    .where(
      or(
        eq(outbox.clientId, person.clientId),
        sql`lower(${outbox.recipient}) = lower(${person.email})`,
        staffMailAbout,
        person.keys.length ? inArray(outbox.key, person.keys) : undefined,
      ),
    );
}
