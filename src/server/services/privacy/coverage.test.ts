import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import { describe, expect, it } from 'vitest';
import * as schema from '#server/db/schema.ts';
import { PRIVACY_COVERAGE } from './coverage.ts';

/** Every table the schema module exports, by its SQL name. */
function schemaTables() {
  return new Map(
    (Object.values(schema) as unknown[])
      .filter((value): value is PgTable => is(value, PgTable))
      .map((table) => [getTableConfig(table).name, getTableConfig(table)]),
  );
}

/**
 * The tables that point at a client: a column named after one (client_id, to_client_id), or a foreign key to
 * clients or to a table that does (devices → clients, device_proofs → devices, …).
 */
function tablesPointingAtClients(tables: ReturnType<typeof schemaTables>) {
  const linked = new Set(['clients']);
  for (const [name, config] of tables) {
    if (config.columns.some((c) => /(^|_)client(_|$)/.test(c.name))) linked.add(name);
  }
  for (let grew = true; grew;) {
    grew = false;
    for (const [name, config] of tables) {
      if (linked.has(name)) continue;
      if (config.foreignKeys.some((fk) => linked.has(getTableConfig(fk.reference().foreignTable).name))) {
        linked.add(name);
        grew = true;
      }
    }
  }
  return linked;
}

describe('[PRIVACY][COVERAGE] every table is declared for « Mes données » and the erasure', () => {
  const tables = schemaTables();

  it('declares each table of the schema, and only those', () => {
    expect(tables.size).toBeGreaterThan(20);
    const undeclared = [...tables.keys()].filter((name) => !(name in PRIVACY_COVERAGE));
    expect(undeclared, 'declare these tables in services/privacy/coverage.ts').toEqual([]);
    const stale = Object.keys(PRIVACY_COVERAGE).filter((name) => !tables.has(name));
    expect(stale, 'tables no longer in the schema').toEqual([]);
  });

  it('covers every table pointing at a client by the export (or says why not) and by the erasure', () => {
    const linked = tablesPointingAtClients(tables);
    expect(linked).toContain('intervention_attachments');
    const saidToHoldNothing = [...linked].filter((name) => !PRIVACY_COVERAGE[name]!.holdsClientData);
    expect(saidToHoldNothing, 'these tables point at a client: declare their export and erasure').toEqual([]);
    for (const [name, coverage] of Object.entries(PRIVACY_COVERAGE)) {
      if (coverage.holdsClientData) {
        // A reason, not a placeholder.
        if (typeof coverage.export !== 'string') expect(coverage.export.omitted.length, name).toBeGreaterThan(20);
        if (typeof coverage.erasure !== 'string') expect(coverage.erasure.kept.length, name).toBeGreaterThan(20);
      } else {
        expect(coverage.why.length, name).toBeGreaterThan(10);
      }
    }
  });
});
