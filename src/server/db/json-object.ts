// Rows built as JSON inside a statement (a list nested in one read), and read back as the driver would have given
// them: the same types a select of those columns returns, so the code mapping rows to answers serves both.
import { Column, is, sql, type SQL } from 'drizzle-orm';

type Field = Column | SQL;
/** The fields of a JSON row: columns, or SQL fragments with their declared type. */
export type Fields = Record<string, Field>;

/** What a select of these fields returns: a column's own type (null when it may be), an SQL fragment's declared type. */
export type JsonRow<F extends Fields> = {
  [K in keyof F]: F[K] extends SQL<infer T>
    ? T
    : F[K] extends Column
      ? F[K]['_']['notNull'] extends true
        ? F[K]['_']['data']
        : F[K]['_']['data'] | null
      : never;
};

/**
 * `json_build_object` of the fields, keyed by their names in code. A numeric column goes as its text ('29.90'), as
 * the driver gives it: a JSON number would lose its trailing zero.
 */
export function jsonObject(fields: Fields): SQL {
  const pairs = Object.entries(fields).map(([key, field]) => {
    if (!/^[A-Za-z]\w*$/.test(key)) throw new Error(`jsonObject: « ${key} » is not a plain key`);
    const value = is(field, Column) && field.columnType === 'PgNumeric' ? sql`${field}::text` : field;
    return sql`${sql.raw(`'${key}'`)}, ${value}`;
  });
  return sql`json_build_object(${sql.join(pairs, sql`, `)})`;
}

/** One object of `jsonObject` back in the select's types: each column decodes its value (a timestamp becomes a Date). */
export function fromJsonObject<F extends Fields>(fields: F, value: Record<string, unknown>): JsonRow<F> {
  const row: Record<string, unknown> = {};
  for (const [key, field] of Object.entries(fields)) {
    const raw = value[key] ?? null;
    row[key] = raw === null || !is(field, Column) ? raw : field.mapFromDriverValue(raw);
  }
  return row as JsonRow<F>;
}
