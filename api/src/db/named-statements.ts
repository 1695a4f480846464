// Statements prepared once per database and then run by name, in and out of transactions. PGlite's own query
// parses and plans a statement on every call, in six protocol exchanges: a grade's read took 1.2-2.0 ms that
// way and 0.56-0.73 ms run by name (2,000 reads, 10,000 cards). postgres-js keeps each query as a named
// statement per connection itself; on PGlite every drizzle query with parameters now runs by name
// (pglite-parsers.ts, statementName), and the hottest are written here as SQL, without drizzle building their
// text and mapping their rows on top (the review queue's head: 300 µs as a drizzle prepared query, 110 µs
// here). Rows come back as the driver gives them: column names, timestamps as text (drizzle's parsers, see
// pglite-parsers.ts); `tableRow` maps one to what a drizzle select answers.
import { parse, protocol, type QueryOptions } from '@electric-sql/pglite';
import { type Column, getTableColumns, type Table } from 'drizzle-orm';
import type { Sql } from 'postgres';
import type { Db, Tx } from './client.ts';
import { joined, PgliteThread } from './pglite-thread.ts';

type DriverRow = Record<string, unknown>;
const { serialize } = protocol;

/** per transaction's client (pglite-parsers.ts): the PGlite it runs on */
const transactionRoots = new WeakMap<object, PgliteThread>();

/** `txClient` is a transaction open on `client`: named statements run on it take only the query lock. */
export function registerTransaction(txClient: object, client: PgliteThread): void {
  transactionRoots.set(txClient, client);
}

export interface RunIn {
  /** inside the transaction this query runs in: it waits for no transaction, only for the query lock */
  transaction?: boolean;
  /**
   * planned once for every call (in a transaction: SET LOCAL plan_cache_mode): for a statement whose custom
   * plan costs more than running it, which the first five calls would otherwise each pay
   */
  genericPlan?: boolean;
}

const GENERIC_PLAN = 'set local plan_cache_mode = force_generic_plan';

/** per client: each statement's parameter type oids, once it is prepared there */
const preparedOnClient = new WeakMap<PgliteThread, Map<string, Promise<number[]>>>();

/** Runs the statement `name` (`text`, prepared on this client at its first run) as PGlite's query would. */
export async function runNamed(
  client: PgliteThread,
  name: string,
  text: string,
  params: unknown[],
  options?: QueryOptions,
  runIn: RunIn = {},
) {
  const inTransaction = runIn.transaction === true;
  let prepared = preparedOnClient.get(client);
  if (!prepared) {
    prepared = new Map();
    preparedOnClient.set(client, prepared);
  }
  let types = prepared.get(name);
  if (!types) {
    const message = joined([
      serialize.parse({ name, text }),
      serialize.describe({ type: 'S', name }),
      serialize.sync(),
    ]);
    types = client.send(message, inTransaction).then(parse.parseDescribeStatementResults);
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
  const generic =
    runIn.genericPlan && inTransaction
      ? [serialize.parse({ text: GENERIC_PLAN }), serialize.bind({}), serialize.execute({})]
      : [];
  const messages = await client.send(
    joined([
      ...generic,
      serialize.bind({ statement: name, values }),
      serialize.describe({ type: 'P' }),
      serialize.execute({}),
      serialize.sync(),
    ]),
    inTransaction,
  );
  // the statement's own result is the last (after the SET's, when one was sent)
  return (
    parse.parseResults(messages, client.parsers, options).at(-1) ?? { rows: [], fields: [], affectedRows: 0 }
  );
}

/**
 * A statement named `name` (unique in the process) with `$1…` parameters, run on the app's database or in
 * one of its transactions (a name is prepared once per connection and outlives transactions).
 */
export function namedStatement<R extends DriverRow>(
  name: string,
  text: string,
  { genericPlan = false }: Pick<RunIn, 'genericPlan'> = {},
): (db: Db | Tx, params: unknown[]) => Promise<R[]> {
  return async (db, params) => {
    const driver =
      (db as unknown as { $client?: PgliteThread | Sql }).$client ??
      (db as unknown as { session: { client: object } }).session.client;
    const root = driver instanceof PgliteThread ? driver : transactionRoots.get(driver);
    if (!root) return [...(await (driver as Sql).unsafe<R[]>(text, params as never[], { prepare: true }))];
    const runIn = { transaction: root !== driver, genericPlan };
    return (await runNamed(root, name, text, params, { rowMode: 'object' }, runIn)).rows as R[];
  };
}

/** per client as drizzle sees it (pglite-parsers.ts): each query text it ran with parameters, and its name */
const namesOnClient = new WeakMap<object, Map<string, string>>();
/**
 * the most texts named on one client: a list's length makes a text of its own (`in ($1, $2…)`), and the
 * texts past this run as PGlite runs them
 */
const MAX_NAMED = 2000;

/**
 * Texts left unnamed, so planned for their values on every call: a full-text match, whose best plan turns on
 * how common the query's words are (the GIN index for rare ones, the goal's rows for common ones). Named,
 * the sources search at 10,185 passages took p50 23 or 85-100 ms by run, as PostgreSQL settled on one plan
 * for every query; planned per call, 15-18 ms.
 */
const PLANNED_PER_CALL = /tsquery/;

/**
 * The name `text` runs by on `client` (drizzle's view of a PGlite), as postgres-js names every query on its
 * connections: a query with parameters is parsed and planned once rather than on every call. Texts without
 * parameters (migrations, one-off statements) and full-text searches (PLANNED_PER_CALL) are not named.
 */
export function statementName(client: object, text: string, params: readonly unknown[]): string | undefined {
  if (params.length === 0) return undefined;
  if (PLANNED_PER_CALL.test(text)) return undefined;
  let names = namesOnClient.get(client);
  if (!names) {
    names = new Map();
    namesOnClient.set(client, names);
  }
  let name = names.get(text);
  if (name === undefined && names.size < MAX_NAMED) {
    name = `q${names.size}`;
    names.set(text, name);
  }
  return name;
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
