// The hottest statements, prepared once per database and then run by name. On PGlite, a drizzle query is
// parsed and planned on every call, in six protocol exchanges, and drizzle builds its text and maps its rows
// on top: a grade's read took 1.2-2.0 ms that way and 0.56-0.73 ms run by name (2,000 reads, 10,000
// cards); the review queue's head took 300 µs as a drizzle prepared query and 110 µs by name. postgres-js
// keeps each query as a named statement per connection itself; there the same text runs through it. Rows
// come back as the driver gives them: column names, timestamps as text (drizzle's parsers, see
// pglite-parsers.ts); `tableRow` maps one to what a drizzle select answers.
import { PGlite, parse, protocol } from '@electric-sql/pglite';
import { type Column, getTableColumns, type Table } from 'drizzle-orm';
import type { Sql } from 'postgres';
import type { Db } from './client.ts';

type DriverRow = Record<string, unknown>;
const { serialize } = protocol;

function joined(parts: Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const part of parts) {
    out.set(part, at);
    at += part.length;
  }
  return out;
}

/**
 * Runs `fn` as PGlite runs a query outside a transaction: after any open transaction (its mutex) and alone
 * on the connection (the query mutex). Protocol messages sent directly take neither by themselves.
 */
function exclusive<T>(client: PGlite, fn: () => Promise<T>): Promise<T> {
  return client._runExclusiveTransaction(() => client._runExclusiveQuery(fn));
}

type QueryOptions = Parameters<PGlite['query']>[2];

/** per client: each statement's parameter type oids, once it is prepared there */
const preparedOnClient = new WeakMap<PGlite, Map<string, Promise<number[]>>>();

/** Runs the statement `name` (`text`, prepared on this client at its first run) as PGlite's query would. */
export async function runNamed(
  client: PGlite,
  name: string,
  text: string,
  params: unknown[],
  options?: QueryOptions,
) {
  let prepared = preparedOnClient.get(client);
  if (!prepared) {
    prepared = new Map();
    preparedOnClient.set(client, prepared);
  }
  let types = prepared.get(name);
  if (!types) {
    types = exclusive(client, async () => {
      const message = joined([
        serialize.parse({ name, text }),
        serialize.describe({ type: 'S', name }),
        serialize.sync(),
      ]);
      return parse.parseDescribeStatementResults((await client.execProtocol(message)).messages);
    });
    prepared.set(name, types);
    // a statement that failed to prepare is tried again on the next call
    types.catch(() => prepared.delete(name));
  }
  const oids = await types;
  const values = params.map((value, i) => {
    if (value === null || value === undefined) return null;
    const serializer = client.serializers[oids[i] ?? 0];
    return serializer ? serializer(value) : String(value);
  });
  const { messages } = await exclusive(client, () =>
    client.execProtocol(
      joined([
        serialize.bind({ statement: name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
    ),
  );
  return (
    parse.parseResults(messages, client.parsers, options)[0] ?? { rows: [], fields: [], affectedRows: 0 }
  );
}

/**
 * A statement named `name` (unique in the process) with `$1…` parameters. The answer runs it on the app's
 * database (not a transaction's: a name is prepared per connection, outside any transaction).
 */
export function namedStatement<R extends DriverRow>(
  name: string,
  text: string,
): (db: Db, params: unknown[]) => Promise<R[]> {
  return async (db, params) => {
    const client = (db as unknown as { $client: PGlite | Sql }).$client;
    if (!(client instanceof PGlite))
      return [...(await client.unsafe<R[]>(text, params as never[], { prepare: true }))];
    return (await runNamed(client, name, text, params, { rowMode: 'object' })).rows as R[];
  };
}

/** per client as drizzle sees it (pglite-parsers.ts): the texts of its prepared queries, each with its name */
const namesOnClient = new WeakMap<object, Map<string, string>>();

/** The name `text` runs by on `client` (drizzle's view of a PGlite), when it is one of its prepared queries. */
export const preparedName = (client: object, text: string) => namesOnClient.get(client)?.get(text);

/**
 * Drizzle's prepared queries among `statements` (one, or an object of them) run by name on PGlite from now
 * on: drizzle sends a prepared query's text through its client's `query` on every call, and that client
 * (pglite-parsers.ts) runs a text named here as its named statement. postgres-js does this by itself.
 */
export function runPreparedByName(db: Db, statements: unknown): void {
  const client = (db as unknown as { $client: object }).$client;
  if (!(client instanceof PGlite)) return;
  let names = namesOnClient.get(client);
  if (!names) {
    names = new Map();
    namesOnClient.set(client, names);
  }
  const list =
    statements && typeof statements === 'object' && !('getQuery' in statements)
      ? Object.values(statements)
      : [statements];
  for (const statement of list) {
    const { sql: text } = (statement as { getQuery(): { sql: string } }).getQuery();
    if (!names.has(text)) names.set(text, `prepared_${names.size}`);
  }
}

const columnsOf = new WeakMap<Table, [string, Column][]>();

/** A row of `table` as the driver gives it (column names) as a drizzle select answers it (field names). */
export function tableRow<T extends Table>(table: T, row: DriverRow): T['$inferSelect'] {
  let columns = columnsOf.get(table);
  if (!columns) {
    columns = Object.entries(getTableColumns(table));
    columnsOf.set(table, columns);
  }
  const out: DriverRow = {};
  for (const [field, column] of columns) {
    const value = row[column.name];
    out[field] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return out as T['$inferSelect'];
}
