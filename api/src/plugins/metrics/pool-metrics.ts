// The database connections: PostgreSQL's pool (postgres-js, as the patched client tells it); PGlite is one
// session inside the process, which only its size describes.
import { Gauge, type Registry } from 'prom-client';
import type { Database } from '../../db/client.ts';

export function poolMetrics(registry: Registry, database: Database) {
  const labels = { database: database.kind };
  const max = new Gauge({
    name: 'mindpath_db_pool_max_connections',
    help: 'The most database connections this process opens (DATABASE_POOL_SIZE; PGlite: its one session)',
    labelNames: ['database'] as const,
    registers: [registry],
  });
  max.set(labels, database.pool?.().max ?? 1);
  const pool = database.pool;
  if (!pool) return;
  new Gauge({
    name: 'mindpath_db_pool_connections',
    help: 'Database connections of this process by state: idle, busy (a query on it), connecting, reserved',
    labelNames: ['database', 'state'] as const,
    registers: [registry],
    collect() {
      const now = pool();
      for (const state of ['idle', 'busy', 'connecting', 'reserved'] as const) {
        this.set({ ...labels, state }, now[state]);
      }
    },
  });
  new Gauge({
    name: 'mindpath_db_pool_waiting_queries',
    help: 'Queries of this process waiting for a free database connection',
    labelNames: ['database'] as const,
    registers: [registry],
    collect() {
      this.set(labels, pool().waiting);
    },
  });
}
