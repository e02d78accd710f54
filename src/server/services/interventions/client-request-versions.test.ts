import { and, Column, eq, is, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '#server/test/harness.ts';
import {
  clientRequestVersions,
  clients,
  interventionMessages,
  interventionRatings,
  interventions,
  staffUsers,
} from '#server/db/schema.ts';
import { listedRequestFields } from './client-intervention-list.ts';

// The counter the database moves when what a client's list of requests shows changes (migration 0040): every writer
// counts, as these statements are none of the services'.
describe('[INTERVENTIONS] the database counts the changes to each client’s list of requests', () => {
  let t: TestApp;
  let clientId: number;
  let otherClientId: number;
  let staffId: number;
  let requestId: number;
  const version = async (id = clientId) =>
    (await t.db.select().from(clientRequestVersions).where(eq(clientRequestVersions.clientId, id)))[0]?.version ??
    Number.NaN;

  beforeAll(async () => {
    t = await createTestApp();
    const rows = await t.db
      .insert(clients)
      .values([
        { email: 'compte@exemple.fr', name: 'Chloé Compte' },
        { email: 'autre@exemple.fr', name: 'Alain Autre' },
      ])
      .returning({ id: clients.id });
    [clientId, otherClientId] = rows.map((r) => r.id) as [number, number];
    const [staff] = await t.db
      .insert(staffUsers)
      .values({ username: 'julien', passwordHash: 'x', role: 'technicien', firstName: 'Julien' })
      .returning({ id: staffUsers.id });
    staffId = staff!.id;
  });
  afterAll(async () => t.close());

  it('each client has a counter at 0 from the start', async () => {
    const rows = await t.db.select().from(clientRequestVersions);
    expect(rows.filter((r) => [clientId, otherClientId].includes(r.clientId)).map((r) => r.version)).toEqual([0, 0]);
  });

  it('a new request, a listed column, a rating, a move to another client and a deletion each count once', async () => {
    expect(await version()).toBe(0);
    const [row] = await t.db
      .insert(interventions)
      .values({ clientId, title: 'Imprimante', description: 'Elle n’imprime plus' })
      .returning({ id: interventions.id });
    requestId = row!.id;
    expect(await version()).toBe(1);

    await t.db.update(interventions).set({ status: 'in_progress' }).where(eq(interventions.id, requestId));
    expect(await version()).toBe(2);
    await t.db.update(interventions).set({ assignedStaffId: staffId }).where(eq(interventions.id, requestId));
    expect(await version()).toBe(3);

    await t.db.insert(interventionRatings).values({ interventionId: requestId, stars: 4 });
    expect(await version()).toBe(4);
    await t.db.update(interventionRatings).set({ stars: 5 }).where(eq(interventionRatings.interventionId, requestId));
    expect(await version()).toBe(5);

    await t.db.update(interventions).set({ clientId: otherClientId }).where(eq(interventions.id, requestId));
    expect([await version(), await version(otherClientId)]).toEqual([6, 1]);
    await t.db.update(interventions).set({ clientId }).where(eq(interventions.id, requestId));
    expect([await version(), await version(otherClientId)]).toEqual([7, 2]);
  });

  it('what the list does not show moves nothing: staff reading a thread, a client message, the staff notes', async () => {
    const before = await version();
    await t.db
      .update(interventions)
      .set({ staffReadAt: new Date(), staffNotes: 'rappeler', updatedAt: new Date() })
      .where(eq(interventions.id, requestId));
    await t.db.insert(interventionMessages).values({ interventionId: requestId, author: 'client', body: 'Bonjour' });
    expect(await version()).toBe(before);
  });

  it('a team message and the client reading the thread count: the list says when a reply is unread', async () => {
    const before = await version();
    await t.db
      .insert(interventionMessages)
      .values({ interventionId: requestId, author: 'staff', staffUsername: 'julien', body: 'Je regarde' });
    expect(await version()).toBe(before + 1);
    await t.db.update(interventions).set({ clientReadAt: new Date() }).where(eq(interventions.id, requestId));
    expect(await version()).toBe(before + 2);
    // A team message made a notice (or back) changes whether it is an unread reply; its text alone shows nowhere.
    await t.db
      .update(interventionMessages)
      .set({ notice: true })
      .where(eq(interventionMessages.interventionId, requestId));
    expect(await version()).toBe(before + 3);
    await t.db
      .update(interventionMessages)
      .set({ body: 'Je regarde.' })
      .where(eq(interventionMessages.interventionId, requestId));
    expect(await version()).toBe(before + 3);
    await t.db
      .update(interventionMessages)
      .set({ notice: false })
      .where(eq(interventionMessages.interventionId, requestId));
    expect(await version()).toBe(before + 4);
    // Deleted (the retention job clears long-closed threads): a team message counts as it goes, a client's does not.
    await t.db
      .delete(interventionMessages)
      .where(and(eq(interventionMessages.interventionId, requestId), eq(interventionMessages.author, 'client')));
    expect(await version()).toBe(before + 4);
    await t.db.delete(interventionMessages).where(eq(interventionMessages.interventionId, requestId));
    expect(await version()).toBe(before + 5);
  });

  it('the first name of the member who handles a request counts for its client, the username does not', async () => {
    const before = await version();
    await t.db.update(staffUsers).set({ username: 'julien.b' }).where(eq(staffUsers.id, staffId));
    expect(await version()).toBe(before);
    await t.db.update(staffUsers).set({ firstName: 'Julie' }).where(eq(staffUsers.id, staffId));
    expect(await version()).toBe(before + 1);
    expect(await version(otherClientId)).toBe(2);
  });

  it('counts when the transaction commits, once per change, and never before', async () => {
    const before = await version();
    await t.db.transaction(async (tx) => {
      await tx.update(interventions).set({ title: 'Imprimante laser' }).where(eq(interventions.id, requestId));
      await tx.update(interventions).set({ urgency: 'high' }).where(eq(interventions.id, requestId));
      const [inside] = await tx
        .select({ version: clientRequestVersions.version })
        .from(clientRequestVersions)
        .where(eq(clientRequestVersions.clientId, clientId));
      expect(inside!.version).toBe(before);
    });
    expect(await version()).toBe(before + 2);
  });

  it('a deleted request counts, and deleting a client with requests and a rating goes through', async () => {
    const before = await version();
    const [second] = await t.db
      .insert(interventions)
      .values({ clientId, title: 'Wi-Fi', description: 'Coupé' })
      .returning({ id: interventions.id });
    await t.db.delete(interventions).where(eq(interventions.id, second!.id));
    expect(await version()).toBe(before + 2);

    await t.db.delete(clients).where(eq(clients.id, clientId));
    expect(await t.db.select().from(interventions).where(eq(interventions.clientId, clientId))).toEqual([]);
    expect(await t.db.select().from(clientRequestVersions).where(eq(clientRequestVersions.clientId, clientId))).toEqual(
      [],
    );
  });

  it('the update trigger watches every column the list reads, and who handles and opened each request', async () => {
    const listed = Object.values(listedRequestFields)
      .filter((field) => is(field, Column))
      .map((field) => (field as Column).name)
      .filter((name) => name !== 'id'); // the key: a request keeps it
    const { rows } = await t.db.execute<{ definition: string }>(
      sql`select pg_get_triggerdef(oid) as definition from pg_trigger where tgname = 'interventions_list_updated'`,
    );
    const watched = new Set(
      [...rows[0]!.definition.matchAll(/\bold\.(\w+)/gi)].map((m) => m[1]!.toLowerCase().replace(/^"|"$/g, '')),
    );
    for (const column of [...listed, 'client_id', 'assigned_staff_id', 'opened_by_staff_id', 'client_read_at'])
      expect(watched, column).toContain(column);
  });
});

// On PostgreSQL, where transactions run side by side: creating a request and an erasure hold the client's row; a
// change committed meanwhile on another of the client's requests must not wait for it (it would deadlock when the
// holder then counts its own change).
describe.skipIf(process.env.TEST_DB !== 'postgres')('[INTERVENTIONS] counting waits on no client row', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('commits a change of a request while another transaction holds its client and then adds one', async () => {
    const [client] = await t.db
      .insert(clients)
      .values({ email: 'verrou@exemple.fr', name: 'Vera Verrou' })
      .returning({ id: clients.id });
    const clientId = client!.id;
    const [request] = await t.db
      .insert(interventions)
      .values({ clientId, title: 'Écran', description: 'Noir' })
      .returning({ id: interventions.id });
    await t.db.transaction(async (tx) => {
      await tx.select().from(clients).where(eq(clients.id, clientId)).for('update');
      await tx.insert(interventions).values({ clientId, title: 'Souris', description: 'Bloquée' });
      // Another connection, while this transaction holds the client: it commits without waiting.
      await t.db.update(interventions).set({ status: 'in_progress' }).where(eq(interventions.id, request!.id));
    });
    const [row] = await t.db.select().from(clientRequestVersions).where(eq(clientRequestVersions.clientId, clientId));
    expect(row!.version).toBe(3);
  });
});
