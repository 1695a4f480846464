// Statements of the hottest reads, prepared once per database handle: drizzle renders their SQL once instead
// of on every call (measured in `pnpm bench --only scale`). Each runs as a named statement, as every query
// with parameters does: postgres-js keeps one per connection, and on PGlite the client does
// (pglite-parsers.ts).
import type { Db } from './client.ts';

/** `build` runs once per handle (the app's database, not a transaction: those are short-lived). */
export function preparedOn<P>(build: (db: Db) => P): (db: Db) => P {
  const byDb = new WeakMap<Db, P>();
  return (db) => {
    let statement = byDb.get(db);
    if (!statement) {
      statement = build(db);
      byDb.set(db, statement);
    }
    return statement;
  };
}
