// Periodic work (DESIGN.md §4, §8: retention, sweeps): a registry the modules add their tasks to, run by the
// worker (in the API process unless WORKER=off, and in every `pnpm worker` process), once per period across
// all the processes that share the database. A run takes the task's advisory lock, so two processes never
// run a task at once, and under it claims the period in periodic_task_runs, so that one run serves them all.
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { periodicTaskRuns } from '../../db/schema.ts';

export interface PeriodicTask {
  /** unique among the tasks: names the lock and the row of its last run */
  name: string;
  /** at most one run per period across all the processes */
  everyMs: number;
  /** answers what it did, for the log */
  run(): Promise<Record<string, unknown>>;
}

/** The tasks a worker runs; modules add theirs while the app is built. */
export interface PeriodicTasks {
  add(task: PeriodicTask): void;
  list(): readonly PeriodicTask[];
}

export function createPeriodicTasks(): PeriodicTasks {
  const tasks = new Map<string, PeriodicTask>();
  return {
    add(task) {
      if (tasks.has(task.name)) throw new Error(`periodic task ${task.name} is added twice`);
      tasks.set(task.name, task);
    },
    list: () => [...tasks.values()],
  };
}

/**
 * `ran`: this call ran the task; `busy`: another process (or caller) is running it; `recent`: it ran less
 * than a period ago somewhere.
 */
export type PeriodicOutcome =
  | { ran: true; did: Record<string, unknown> }
  | { ran: false; why: 'busy' | 'recent' };

/** A period starts when a run starts; a little less than the period, so a process's own next tick is due. */
const DUE_SHARE = 0.9;

export async function runPeriodicTask(
  database: Pick<Database, 'db' | 'tryAdvisoryLock'>,
  task: PeriodicTask,
): Promise<PeriodicOutcome> {
  let outcome: PeriodicOutcome = { ran: false, why: 'busy' };
  await database.tryAdvisoryLock(`mindpath:periodic:${task.name}`, async () => {
    const claimed = await database.db
      .insert(periodicTaskRuns)
      .values({ name: task.name, lastRunAt: sql`now()` })
      .onConflictDoUpdate({
        target: periodicTaskRuns.name,
        set: { lastRunAt: sql`now()` },
        setWhere: sql`${periodicTaskRuns.lastRunAt} <= now() - make_interval(secs => ${(task.everyMs * DUE_SHARE) / 1000})`,
      })
      .returning({ name: periodicTaskRuns.name });
    if (claimed.length === 0) {
      outcome = { ran: false, why: 'recent' };
      return;
    }
    // a failed run keeps its claim: the task is tried again next period, not in a loop
    outcome = { ran: true, did: await task.run() };
  });
  return outcome;
}

export interface PeriodicRunner {
  /** stops the timers and waits for the runs under way */
  stop(): Promise<void>;
}

/** Runs each task now and then once per period (a process's timers; the database decides who runs). */
export function startPeriodicTasks(options: {
  database: Pick<Database, 'db' | 'tryAdvisoryLock'>;
  tasks: PeriodicTasks;
  log: FastifyBaseLogger;
}): PeriodicRunner {
  const { database, tasks, log } = options;
  const timers = new Set<NodeJS.Timeout>();
  const running = new Set<Promise<void>>();
  let stopped = false;
  // one run at a time in a process: on PostgreSQL each holds a connection of the pool apart for its lock
  // while its queries use the others, so as many tasks due at once as the pool has connections (all of
  // them at start) left none for their queries, nor for the app's requests, and everything waited
  let turn: Promise<unknown> = Promise.resolve();
  const tick = (task: PeriodicTask) => {
    const run = turn
      .then(() => runPeriodicTask(database, task))
      .then(
        (outcome) => {
          if (outcome.ran) log.info({ task: task.name, ...outcome.did }, 'periodic task ran');
        },
        (err) => log.warn({ err, task: task.name }, 'periodic task failed'),
      );
    turn = run;
    running.add(run);
    void run.finally(() => {
      running.delete(run);
      if (stopped) return;
      const timer = setTimeout(() => {
        timers.delete(timer);
        tick(task);
      }, task.everyMs).unref();
      timers.add(timer);
    });
  };
  for (const task of tasks.list()) tick(task);
  return {
    async stop() {
      stopped = true;
      for (const timer of timers) clearTimeout(timer);
      timers.clear();
      await Promise.all(running);
    },
  };
}
