// A stream cut before its end (its API instance stopped, a network blip) is opened again: any instance serves
// it, reading what was written from the database, its first delta replacing the text so far.

/** How often a cut stream is opened again, after 0.5 s, 1 s, … */
export const STREAM_RECONNECTS = 5;
const STREAM_RECONNECT_MS = 500;

/** The wait before reconnect number `reconnects` (0 first). */
export const reconnectDelay = (reconnects: number) =>
  new Promise((resolve) => setTimeout(resolve, STREAM_RECONNECT_MS * (reconnects + 1)));
