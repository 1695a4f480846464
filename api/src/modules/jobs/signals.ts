// Wake-ups around generation jobs. A job's state and progress live in the database only; a signal says
// "read it again now", so that a stream following a job, or an idle worker, need not wait for its next
// poll. Within a process a signal is a direct call; on PostgreSQL it also reaches every other process that
// shares the database through LISTEN/NOTIFY. A lost signal costs one poll interval, never data.
import { randomUUID } from 'node:crypto';
import type { NotifyChannel } from '../../db/client.ts';

export const JOBS_CHANNEL = 'mindpath_jobs';

export type JobSignal =
  /** a job was enqueued: an idle worker claims the oldest */
  | { type: 'queued' }
  /** a job someone waits on at once (a chat answer): the first worker to claim it by id runs it */
  | { type: 'run'; id: string }
  /** the job wrote progress or finished */
  | { type: 'changed'; id: string };

export interface JobSignals {
  send(signal: JobSignal): void;
  /** answers the call that unsubscribes */
  subscribe(listener: (signal: JobSignal) => void): () => void;
  /** resolves on the job's next `changed` signal, or after `ms` */
  changed(jobId: string, ms: number): Promise<void>;
  close(): Promise<void>;
}

const encode = (origin: string, s: JobSignal) => `${origin} ${s.type}${'id' in s ? ` ${s.id}` : ''}`;

function decode(payload: string): { origin: string; signal: JobSignal } | null {
  const [origin, type, id] = payload.split(' ');
  if (!origin) return null;
  if (type === 'queued') return { origin, signal: { type } };
  if ((type === 'run' || type === 'changed') && id) return { origin, signal: { type, id } };
  return null;
}

/** Signals within this process, and through the database's NOTIFY channel when it has one. */
export async function createJobSignals(
  channel: NotifyChannel | undefined,
  onError: (err: unknown) => void,
): Promise<JobSignals> {
  // a process hears its own NOTIFYs too: they are told apart by origin and delivered once, locally
  const origin = randomUUID();
  const listeners = new Set<(signal: JobSignal) => void>();
  const deliver = (signal: JobSignal) => {
    for (const listener of listeners) listener(signal);
  };
  const unlisten = channel
    ? await channel.listen(JOBS_CHANNEL, (payload) => {
        const got = decode(payload);
        if (got && got.origin !== origin) deliver(got.signal);
      })
    : null;
  return {
    send(signal) {
      deliver(signal);
      channel?.notify(JOBS_CHANNEL, encode(origin, signal)).catch(onError);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    changed(jobId, ms) {
      return new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          listeners.delete(listener);
          resolve();
        };
        const listener = (s: JobSignal) => {
          if (s.type === 'changed' && s.id === jobId) done();
        };
        const timer = setTimeout(done, ms);
        listeners.add(listener);
      });
    },
    async close() {
      listeners.clear();
      await unlisten?.().catch(onError);
    },
  };
}
