// Remote help inside the product: the screen a client shares from the browser (services/remote/).
import { sql } from 'drizzle-orm';
import { index, integer, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { SCREEN_SHARE_END_REASONS } from '#shared/remote/screen-share-labels.ts';
import { clients } from './clients.ts';
import { interventions } from './interventions.ts';
import { staffUsers } from './staff.ts';

export const screenShareEndEnum = pgEnum('screen_share_end', SCREEN_SHARE_END_REASONS);

/**
 * One screen share on a request: who, when and how long, never what was seen or said (media flow peer to peer and
 * are not stored anywhere). The minutes are added to the request's duration once, when it ends.
 */
export const screenShares = pgTable(
  'screen_shares',
  {
    id: serial('id').primaryKey(),
    interventionId: integer('intervention_id')
      .notNull()
      .references(() => interventions.id, { onDelete: 'cascade' }),
    /** the request's client, kept on the row so each signal checks its sender in one read */
    clientId: integer('client_id')
      .notNull()
      .references(() => clients.id, { onDelete: 'cascade' }),
    /**
     * the hash of the client's session that opened it: when that session ends, however it ends, the share ends with it
     * (services/remote/screen-shares.ts); null for a share opened before it was kept
     */
    clientSessionHash: text('client_session_hash'),
    /** the member who joined to watch (the last one, if another took over); null until someone joins */
    staffId: integer('staff_id').references(() => staffUsers.id, { onDelete: 'set null' }),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    /** when a member first joined: the duration counts from here, the minutes someone actually watched */
    joinedAt: timestamp('joined_at', { withTimezone: true }),
    /**
     * the last sign of life of the client's sharing page (it says so every 30 s): a share whose page went silent (a
     * crash, a lost network, a computer put to sleep) ends by itself, as of this moment
     */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }),
    endedAt: timestamp('ended_at', { withTimezone: true }),
    endedBy: screenShareEndEnum('ended_by'),
    /** whole minutes from joinedAt to endedAt (at least 1 once joined, 0 if nobody joined) */
    durationMinutes: integer('duration_minutes'),
  },
  (t) => [
    // One share at a time on a request: a second « Partager mon écran » takes the running one.
    uniqueIndex('screen_shares_running_idx')
      .on(t.interventionId)
      .where(sql`${t.endedAt} is null`),
    index('screen_shares_client_idx').on(t.clientId),
  ],
);
