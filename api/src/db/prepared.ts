// Statements of the hottest reads, prepared once per database handle: drizzle renders their SQL once instead
// of on every call, and on PostgreSQL postgres-js keeps each as a named statement per connection, so the
// server parses and plans it once rather than per request (measured in `pnpm bench --only scale`).
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
