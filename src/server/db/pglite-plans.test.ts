import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openPglite, type Database } from './client.ts';
import { keptStatement } from './pglite-plans.ts';

// A kept statement must answer exactly what the statement itself answers, whatever the values it is given: they are
// written into EXECUTE as literals.
describe.skipIf(process.env.TEST_DB === 'postgres')('PGlite: statements that keep their plan', () => {
  let database: Database;
  const notes = sql`notes`;

  beforeAll(async () => {
    database = await openPglite();
    await database.pglite!
      .exec(`create table notes (id serial primary key, body text not null, at timestamptz not null default now());
      insert into notes (body) values ('simple'), ('l''apostrophe'), ('a \\ backslash');`);
  });
  afterAll(async () => database.close());

  const preparedNames = async () =>
    (await database.pglite!.query<{ name: string }>('select name from pg_prepared_statements order by name')).rows.map(
      (r) => r.name,
    );

  it('runs through EXECUTE once prepared, with the same answers', async () => {
    const body = sql<string>`body`;
    const byBody = keptStatement(
      database.db,
      'notes_by_body',
      database.db
        .select({ id: sql<number>`id`, body })
        .from(notes)
        .where(eq(body, sql.placeholder('body'))),
    );
    for (const value of ['simple', "l'apostrophe", 'a \\ backslash']) {
      const rows = await byBody.execute({ body: value });
      expect(rows).toEqual([{ id: expect.any(Number), body: value }]);
    }
    expect(await preparedNames()).toContain('rfs_notes_by_body');
  });

  it('keeps a value that tries to close its quote a value', async () => {
    const body = sql<string>`body`;
    const byBody = keptStatement(
      database.db,
      'notes_injection',
      database.db
        .select({ id: sql<number>`id` })
        .from(notes)
        .where(eq(body, sql.placeholder('body'))),
    );
    expect(await byBody.execute({ body: "x' or '1'='1" })).toEqual([]);
    expect(await byBody.execute({ body: "simple'); drop table notes; --" })).toEqual([]);
    expect((await database.pglite!.query('select count(*)::int as n from notes')).rows).toEqual([{ n: 3 }]);
  });

  it('prepares the statement again when it was dropped behind its back', async () => {
    const byId = keptStatement(
      database.db,
      'notes_by_id',
      database.db
        .select({ body: sql<string>`body` })
        .from(notes)
        .where(eq(sql`id`, sql.placeholder('id'))),
    );
    expect(await byId.execute({ id: 1 })).toEqual([{ body: 'simple' }]);
    await database.pglite!.exec('deallocate rfs_notes_by_id');
    expect(await byId.execute({ id: 2 })).toEqual([{ body: "l'apostrophe" }]);
    expect(await byId.execute({ id: 3 })).toEqual([{ body: 'a \\ backslash' }]);
    expect(await preparedNames()).toContain('rfs_notes_by_id');
  });

  it('runs a statement given a value it cannot write as a literal the ordinary way', async () => {
    const after = keptStatement(
      database.db,
      'notes_after',
      database.db
        .select({ n: sql<number>`count(*)::int` })
        .from(notes)
        .where(sql`at > ${sql.placeholder('after')}`),
    );
    expect(await after.execute({ after: new Date('2000-01-01T00:00:00Z') })).toEqual([{ n: 3 }]);
  });
});
