// Following a streaming job as server-sent events: its progress (the text written so far, read from the
// database's appended pieces, so the worker may run in any process and any API instance may serve the
// stream) as deltas.
// A lesson's content and a chat answer are followed this way.
import type { Db } from '../../db/client.ts';
import type { SseStream } from '../../lib/sse.ts';
import { type JobRow, readProgress } from './repository.ts';
import type { JobSignals } from './signals.ts';

/** how often a followed job is read again when no signal comes first */
export const STREAM_POLL_MS = 100;
/** a stream ends after this even if the job has not (the client re-opens it or polls the status) */
const STREAM_MAX_MS = 10 * 60_000;

/**
 * Sends a growing text as `delta` events. A connection's first delta has `reset: true`: it replaces what
 * the client holds (it may be reconnecting after its instance died, with the text so far); so does a text
 * that no longer extends what was sent (the job started over after its worker died). Never doubled.
 */
export function progressDeltas(sse: SseStream): (text: string) => void {
  let sent = '';
  return (text) => {
    if (text === sent) return;
    if (sent !== '' && text.startsWith(sent))
      sse.send('delta', { text: text.slice(sent.length), reset: false });
    else sse.send('delta', { text, reset: true });
    sent = text;
  };
}

export interface FollowOptions {
  sse: SseStream;
  db: Db;
  /** the job as it is now (undefined: there is none) */
  read: () => Promise<JobRow | undefined>;
  delta: (text: string) => void;
  signals: JobSignals;
  pollMs?: number;
}

/**
 * Sends the job's progress while it is queued or running, and what it wrote last once it is not. Answers
 * `{ job }` once it is not live (finished, or none), or null when the stream closed or ran out of time
 * (nothing more to send then). Each read asks for the pieces after the text already sent: a long text is
 * read once, not again at every poll.
 */
export async function followJob({
  sse,
  db,
  read,
  delta,
  signals,
  pollMs = STREAM_POLL_MS,
}: FollowOptions): Promise<{ job: JobRow | undefined } | null> {
  const deadline = Date.now() + STREAM_MAX_MS;
  // the text of the attempt followed: a job started over writes a new text, sent whole (delta resets)
  let attempt = -1;
  let text = '';
  while (!sse.closed && Date.now() < deadline) {
    const job = await read();
    if (job && job.attempts > 0) {
      if (job.attempts !== attempt) {
        attempt = job.attempts;
        text = '';
      }
      const more = await readProgress(db, job, text.length);
      if (more) {
        text += more;
        delta(text);
      }
    }
    if (!job || (job.status !== 'queued' && job.status !== 'running')) return { job };
    await signals.changed(job.id, pollMs);
  }
  return null;
}
