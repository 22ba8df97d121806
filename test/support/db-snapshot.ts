/**
 * A fingerprint of everything stored: per table a row count and a hash over every row (rows sorted, so the
 * physical order does not matter). Two equal snapshots mean no row was added, removed or changed, except in
 * the columns below that legitimately change when a request is only read or refused.
 */
import type { DatabaseHandle } from '@/server/db';

/**
 * `schema.table.column` left out of the hash, each with the reason it may change on a refused request.
 * Keep this list short: every entry is a place where the suites cannot see a change.
 */
export const columnsChangedByReads: Record<string, string> = {
  // A valid API key records its last use before the request is validated; a refused request with a valid key
  // still used the key (the console shows "last used"), so the timestamp moves and nothing else does.
  'public.api_keys.last_used_at': 'records when a valid key was last presented, whatever the answer',
};

// Migrations bookkeeping belongs to drizzle-kit, not to requests.
const ignoredSchemas = ['pg_catalog', 'information_schema', 'drizzle', 'pg_toast'];

export type DbSnapshot = Record<string, { rows: number; hash: string }>;

export function databaseSnapshotter(handle: () => DatabaseHandle) {
  let query: string | undefined;

  async function buildQuery() {
    const { rows } = await handle().executeSql(
      `select table_schema, table_name, column_name from information_schema.columns
       where table_schema <> all($1::text[]) and table_name in (
         select table_name from information_schema.tables where table_type = 'BASE TABLE' and table_schema = columns.table_schema)
       order by table_schema, table_name, ordinal_position`,
      [ignoredSchemas],
    );
    const tables = new Map<string, string[]>();
    for (const row of rows as { table_schema: string; table_name: string; column_name: string }[]) {
      const table = `${row.table_schema}.${row.table_name}`;
      if (!tables.has(table)) tables.set(table, []);
      if (!(`${table}.${row.column_name}` in columnsChangedByReads)) tables.get(table)!.push(`"${row.column_name}"`);
    }
    return [...tables]
      .map(([table, columns]) => {
        const [schema, name] = table.split('.');
        const row = `md5(row(${columns.join(', ')})::text)`;
        return `select '${table}' as name, count(*)::int as rows, md5(coalesce(string_agg(${row}, ',' order by ${row}), '')) as hash from "${schema}"."${name}"`;
      })
      .join('\nunion all\n');
  }

  return async function snapshot(): Promise<DbSnapshot> {
    query ??= await buildQuery();
    const { rows } = await handle().executeSql(query);
    return Object.fromEntries(
      (rows as { name: string; rows: number; hash: string }[]).map((r) => [
        r.name,
        { rows: Number(r.rows), hash: r.hash },
      ]),
    );
  };
}

/** The tables whose fingerprint differs, for a readable failure. */
export function changedTables(before: DbSnapshot, after: DbSnapshot) {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((name) => JSON.stringify(before[name]) !== JSON.stringify(after[name]));
}
