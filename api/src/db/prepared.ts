// Statements of the hottest reads, prepared once per database handle: drizzle renders their SQL once instead
// of on every call, and each runs as a named statement, so the database parses and plans it once rather than
// per request: postgres-js keeps one per connection, and on PGlite runPreparedByName does (measured in
// `pnpm bench --only scale`).
import type { Db } from './client.ts';
import { runPreparedByName } from './named-statements.ts';

/** `build` runs once per handle (the app's database, not a transaction: those are short-lived). */
export function preparedOn<P>(build: (db: Db) => P): (db: Db) => P {
  const byDb = new WeakMap<Db, P>();
  return (db) => {
    let statement = byDb.get(db);
    if (!statement) {
      statement = build(db);
      runPreparedByName(db, statement);
      byDb.set(db, statement);
    }
    return statement;
  };
}
