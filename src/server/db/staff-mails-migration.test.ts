import { describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import { databaseBefore } from '#server/test/migrations-before.ts';
import { migrateDatabase } from './client.ts';
import { clients, interventions, outbox } from './schema.ts';

const MIGRATION = '0044_staff_mails_about_a_client';

// Staff's e-mails about a client written before they carried the client's id: the upgrade gives it to them, and
// blanks those about a client already erased, as that erasure would now have done.
describe('[MIGRATION] staff mails about a client', () => {
  it('links them to the client of their request or device, and blanks those of an erased client', async () => {
    const database = await databaseBefore(MIGRATION);
    try {
      const { db } = database;
      const [kept, erased] = await db
        .insert(clients)
        .values([
          { name: 'Lucie Bernard', email: 'lucie@exemple.fr' },
          { name: 'Client supprimé', email: 'supprime-2@invalid' },
        ])
        .returning({ id: clients.id });
      const [ofKept, ofErased] = await db
        .insert(interventions)
        .values([
          { clientId: kept!.id, title: 'Imprimante', description: '' },
          { clientId: erased!.id, title: "Demande d'assistance", description: '' },
        ])
        .returning({ id: interventions.id });
      type Kind = typeof outbox.$inferInsert.kind;
      const staffMail = (key: string, kind: Kind, params: object, status: 'sent' | 'queued' = 'sent') => ({
        key,
        kind,
        recipient: 'equipe@exemple.fr',
        subject: 'Message de Marc Petit',
        params,
        status,
      });
      const about = (id: number) => ({ interventionId: id, clientName: 'Marc Petit', body: 'Ma box clignote' });
      await db
        .insert(outbox)
        .values([
          staffMail('a', 'staff_intervention_message', about(ofKept!.id)),
          staffMail('b', 'staff_intervention_message', about(ofErased!.id)),
          staffMail('c', 'staff_response_overdue', about(ofErased!.id), 'queued'),
          staffMail('d', 'staff_device_proof', { deviceId: 9, clientId: erased!.id, clientName: 'Marc Petit' }),
          staffMail('e', 'staff_contact', { requestId: 3, name: 'Marc Petit' }),
          staffMail('f', 'staff_intervention_closed', { interventionId: 'n° 2', clientName: 'Marc Petit' }),
        ]);

      await migrateDatabase(database);

      const rows = await db
        .select({ key: outbox.key, clientId: outbox.clientId, status: outbox.status, params: outbox.params })
        .from(outbox)
        .orderBy(asc(outbox.key));
      const blank = { clientId: erased!.id, params: {} };
      expect(rows).toEqual([
        { key: 'a', clientId: kept!.id, status: 'sent', params: about(ofKept!.id) },
        { key: 'b', status: 'sent', ...blank },
        { key: 'c', status: 'cancelled', ...blank },
        { key: 'd', status: 'sent', ...blank },
        { key: 'e', clientId: null, status: 'sent', params: { requestId: 3, name: 'Marc Petit' } },
        // Not a shape any release wrote: left as it is, and the upgrade goes on.
        { key: 'f', clientId: null, status: 'sent', params: { interventionId: 'n° 2', clientName: 'Marc Petit' } },
      ]);
    } finally {
      await database.close();
    }
  });
});
