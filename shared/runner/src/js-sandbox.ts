// What the QuickJS sandbox has besides the language: console, timers, assert helpers, and the inspector that
// displays values the way Node does ("[ 1, 2 ]", "{ a: 'x' }"). Evaluated in the sandbox, as JavaScript text.

/**
 * The prelude's completion value is `[inspect, nextTimer]`; `__mpWrite(stream, text)` is the host's and is
 * removed from the globals before the learner's code runs. Timers run on virtual time after the script (and
 * its promise jobs) are done, earliest first, so the event loop lessons' examples print in the real order.
 */
export const SANDBOX_PRELUDE = String.raw`(() => {
  const g = globalThis;
  const write = g.__mpWrite;
  delete g.__mpWrite;
  const ident = /^[A-Za-z_$][\w$]*$/;
  const quote = (s) => "'" + String(s).replace(/\\/g, '\\\\').replace(/'/g, "\\'").replace(/\n/g, '\\n') + "'";
  const inspect = (value, depth, seen) => {
    switch (typeof value) {
      case 'string': return quote(value);
      case 'number': return Object.is(value, -0) ? '-0' : String(value);
      case 'bigint': return value + 'n';
      case 'undefined': return 'undefined';
      case 'boolean': return String(value);
      case 'symbol': return value.toString();
      case 'function': {
        const src = Function.prototype.toString.call(value);
        if (/^class\b/.test(src)) return '[class ' + (value.name || '(anonymous)') + ']';
        return '[Function: ' + (value.name || '(anonymous)') + ']';
      }
    }
    if (value === null) return 'null';
    if (seen.includes(value)) return '[Circular]';
    if (value instanceof Error) return String(value.name) + ': ' + value.message;
    if (value instanceof Date) return isNaN(value) ? 'Invalid Date' : value.toISOString();
    if (value instanceof RegExp) return String(value);
    if (value instanceof Promise) return 'Promise { ... }';
    const inner = seen.concat([value]);
    const show = (v) => inspect(v, depth + 1, inner);
    const wrap = (open, items, close) => (items.length ? open + ' ' + items.join(', ') + ' ' + close : open + close);
    if (Array.isArray(value)) {
      if (depth > 2) return '[Array]';
      const items = [];
      let holes = 0;
      for (let i = 0; i < value.length; i++) {
        if (!(i in value)) { holes++; continue; }
        if (holes) { items.push('<' + holes + ' empty item' + (holes > 1 ? 's' : '') + '>'); holes = 0; }
        if (items.length >= 100) { items.push('... ' + (value.length - i) + ' more items'); break; }
        items.push(show(value[i]));
      }
      if (holes) items.push('<' + holes + ' empty item' + (holes > 1 ? 's' : '') + '>');
      return wrap('[', items, ']');
    }
    if (value instanceof Map) {
      if (depth > 2) return '[Map]';
      return 'Map(' + value.size + ') ' + wrap('{', [...value].map(([k, v]) => show(k) + ' => ' + show(v)), '}');
    }
    if (value instanceof Set) {
      if (depth > 2) return '[Set]';
      return 'Set(' + value.size + ') ' + wrap('{', [...value].map(show), '}');
    }
    const proto = Object.getPrototypeOf(value);
    const name = proto === null ? '[Object: null prototype]' : proto === Object.prototype ? '' : (proto.constructor && proto.constructor.name) || '';
    if (depth > 2) return '[' + (name || 'Object') + ']';
    const items = Object.keys(value).map((k) => (ident.test(k) ? k : quote(k)) + ': ' + show(value[k]));
    return (name ? name + ' ' : '') + wrap('{', items, '}');
  };
  const top = (v) => inspect(v, 0, []);
  const line = (args) => args.map((a) => (typeof a === 'string' ? a : top(a))).join(' ') + '\n';
  const out = (...args) => write('stdout', line(args));
  const err = (...args) => write('stderr', line(args));
  g.console = { log: out, info: out, debug: out, error: err, warn: err, table: out, dir: out, trace: err };
  // examples time their own loops with performance.now(): real time, while timers below run on virtual time
  const origin = Date.now();
  g.performance = { now: () => Date.now() - origin };
  let now = 0;
  let seq = 0;
  const timers = new Map();
  const add = (fn, ms, args, repeat) => {
    const id = ++seq;
    const delay = Math.max(repeat ? 1 : 0, Number(ms) || 0);
    if (typeof fn === 'function') timers.set(id, { fn, args, at: now + delay, every: repeat ? delay : null });
    return id;
  };
  g.setTimeout = (fn, ms, ...args) => add(fn, ms, args, false);
  g.setInterval = (fn, ms, ...args) => add(fn, ms, args, true);
  g.clearTimeout = g.clearInterval = (id) => { timers.delete(id); };
  g.queueMicrotask = (fn) => { Promise.resolve().then(fn); };
  const nextTimer = () => {
    let best = null;
    for (const entry of timers) if (!best || entry[1].at < best[1].at) best = entry;
    if (!best) return false;
    const [id, t] = best;
    now = t.at;
    if (t.every === null) timers.delete(id);
    else t.at = now + t.every;
    t.fn(...t.args);
    return true;
  };
  class AssertionError extends Error {}
  Object.defineProperty(AssertionError.prototype, 'name', { value: 'AssertionError' });
  const deepEqual = (a, b, seen) => {
    if (Object.is(a, b)) return true;
    if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
    if (Object.getPrototypeOf(a) !== Object.getPrototypeOf(b)) return false;
    if (seen.some(([x, y]) => x === a && y === b)) return true;
    const next = seen.concat([[a, b]]);
    if (a instanceof Date) return a.getTime() === b.getTime();
    if (a instanceof Map || a instanceof Set) {
      if (a.size !== b.size) return false;
      const bs = [...b];
      return [...a].every((x) => bs.some((y) => deepEqual(x, y, next)));
    }
    const ka = Object.keys(a);
    const kb = Object.keys(b);
    if (ka.length !== kb.length) return false;
    return ka.every((k) => Object.prototype.hasOwnProperty.call(b, k) && deepEqual(a[k], b[k], next));
  };
  g.assert = (condition, message) => {
    if (!condition) throw new AssertionError(message === undefined ? 'Assertion failed' : String(message));
  };
  g.assertEqual = (actual, expected, message) => {
    if (!deepEqual(actual, expected, [])) {
      throw new AssertionError((message ? message + ': ' : '') + 'expected ' + top(expected) + ', got ' + top(actual));
    }
  };
  return [top, nextTimer];
})()`;
