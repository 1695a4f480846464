// Concurrent callers asking for the same thing share one promise of it while it is in flight: when a kept
// answer goes out of date under load, the thirty requests that find it so build it once, not thirty times
// one after another (on PGlite's one connection the last of them waited seconds).
export function singleFlight<T>(): (key: string, work: () => Promise<T>) => Promise<T> {
  const inFlight = new Map<string, Promise<T>>();
  return (key, work) => {
    let pending = inFlight.get(key);
    if (!pending) {
      pending = work().finally(() => inFlight.delete(key));
      inFlight.set(key, pending);
    }
    return pending;
  };
}
