// drizzle keeps timestamps, dates, intervals and their arrays as PostgreSQL's text, and passes those parsers
// with every query; PGlite merges them into its ~300 type parsers on each result, half of a one-row query's
// time (0.65–0.89 ms against 0.37–0.44 ms over 5,000 queries). The client is given them once instead, and
// drizzle's queries reach it without them; each with parameters runs by name (named-statements.ts).
import { type QueryOptions, types } from '@electric-sql/pglite';
import { registerTransaction, runNamed, statementName } from './named-statements.ts';
import type { PgliteThread } from './pglite-thread.ts';

const asText = (value: string) => value;

/** The types drizzle's PGlite driver reads as text: numeric[], timestamp[], timestamptz[], interval[], date[]. */
const TEXT_TYPES = [
  types.TIMESTAMP,
  types.TIMESTAMPTZ,
  types.INTERVAL,
  types.DATE,
  1231,
  1115,
  1185,
  1187,
  1182,
];

/**
 * Makes drizzle's parsers the client's own. After create: PGlite derives an array type's parser from its
 * element's when it starts, and drizzle reads those arrays as text too.
 */
export function useDrizzleParsers(client: PgliteThread) {
  for (const type of TEXT_TYPES) client.parsers[type] = asText;
}

type Queryable = Pick<PgliteThread, 'query'>;

/**
 * `client` as drizzle sees it: its queries, and those of its transactions (`root`: the client the
 * transaction was opened on), without per-query parsers, and each run as a named statement.
 */
export function drizzleClient<T extends Queryable>(client: T, root?: PgliteThread): T {
  const proxy = new Proxy(client, {
    get(target, prop, receiver: object) {
      if (prop === 'query') {
        // named statements are prepared through the root client as drizzle sees it (named-statements.ts)
        const named = root ?? (receiver as PgliteThread);
        return (query: string, params: unknown[] = [], options?: QueryOptions) => {
          const rest = options?.parsers ? { ...options, parsers: undefined } : options;
          const name = statementName(named, query, params);
          return name === undefined
            ? target.query(query, params, rest)
            : runNamed(named, name, query, params, rest, { transaction: root !== undefined });
        };
      }
      if (prop === 'transaction') {
        return <R>(run: (tx: Queryable) => Promise<R>) =>
          (target as unknown as PgliteThread).transaction((tx) =>
            run(drizzleClient(tx, receiver as PgliteThread)),
          );
      }
      const value = Reflect.get(target, prop, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  // namedStatement finds the PGlite a transaction's client runs on from here
  if (root) registerTransaction(proxy, root);
  return proxy;
}
