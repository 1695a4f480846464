import type { RemoteName } from '@mindpath/contracts/remotes';
import type { Page } from '@playwright/test';

/** What a mount left behind once unmounted (all zero / equal when it cleaned up). */
export interface LeakReport {
  /** nodes still inside the element it was mounted into */
  domNodes: number;
  /** elements added to <body> (portals: modals, toasts) still there */
  bodyElements: number;
  /** `window:type` / `document:type` listeners added while mounted and never removed */
  listeners: string[];
  intervals: number;
  timeouts: number;
  animationFrames: number;
}

interface ProbeState {
  tracking: boolean;
  listeners: { target: string; type: string; listener: unknown; capture: boolean }[];
  intervals: Set<number>;
  timeouts: Set<number>;
  frames: Set<number>;
  inflight: number;
  bodyBefore: Set<Element>;
}

interface FederationInstance {
  name: string;
  loadRemote<T>(id: string): Promise<T | null>;
}

interface Lifecycles {
  bootstrap(props: object): Promise<unknown>;
  mount(props: object): Promise<unknown>;
  unmount(props: object): Promise<unknown>;
}

declare global {
  interface Window {
    __leakProbe?: ProbeState & {
      mounted?: { lifecycles: Lifecycles; props: { name: string; domElement: HTMLElement } };
    };
    __FEDERATION__?: { __INSTANCES__: FederationInstance[] };
  }
}

export const PROBE_ROOT_ID = 'leak-probe-root';

/**
 * Instruments the page (window/document listeners, timers, animation frames, fetches) so that what a
 * remote's mount registers can be told apart from the shell's own: only calls made while `tracking` count.
 * Runs in the browser; keep it self-contained.
 */
function install(): void {
  if (window.__leakProbe) return;
  const state: ProbeState = {
    tracking: false,
    listeners: [],
    intervals: new Set(),
    timeouts: new Set(),
    frames: new Set(),
    inflight: 0,
    bodyBefore: new Set(),
  };
  window.__leakProbe = state;
  const captureOf = (options: unknown) =>
    typeof options === 'boolean' ? options : Boolean((options as { capture?: boolean } | undefined)?.capture);
  for (const [label, target] of [
    ['window', window],
    ['document', document],
  ] as const) {
    const add = target.addEventListener.bind(target);
    const remove = target.removeEventListener.bind(target);
    target.addEventListener = (type: string, listener: unknown, options?: unknown) => {
      const capture = captureOf(options);
      const known = state.listeners.some(
        (l) => l.target === label && l.type === type && l.listener === listener && l.capture === capture,
      );
      if (state.tracking && listener && !known)
        state.listeners.push({ target: label, type, listener, capture });
      add(type, listener as EventListener, options as AddEventListenerOptions);
    };
    target.removeEventListener = (type: string, listener: unknown, options?: unknown) => {
      const capture = captureOf(options);
      state.listeners = state.listeners.filter(
        (l) => !(l.target === label && l.type === type && l.listener === listener && l.capture === capture),
      );
      remove(type, listener as EventListener, options as EventListenerOptions);
    };
  }
  const {
    setInterval,
    clearInterval,
    setTimeout,
    clearTimeout,
    requestAnimationFrame,
    cancelAnimationFrame,
  } = window;
  const fetch = window.fetch.bind(window);
  window.setInterval = ((handler: TimerHandler, ms?: number, ...args: unknown[]) => {
    const id = setInterval(handler, ms, ...args);
    if (state.tracking) state.intervals.add(id);
    return id;
  }) as typeof window.setInterval;
  window.clearInterval = ((id?: number) => {
    if (id !== undefined) state.intervals.delete(id);
    clearInterval(id);
  }) as typeof window.clearInterval;
  window.setTimeout = ((handler: TimerHandler, ms?: number, ...args: unknown[]) => {
    const tracked = state.tracking;
    const id: number = setTimeout(
      (...a: unknown[]) => {
        state.timeouts.delete(id);
        if (typeof handler === 'function') (handler as (...x: unknown[]) => void)(...a);
        // a string handler is never used by the app (CSP forbids eval)
      },
      ms,
      ...args,
    );
    if (tracked) state.timeouts.add(id);
    return id;
  }) as typeof window.setTimeout;
  window.clearTimeout = ((id?: number) => {
    if (id !== undefined) state.timeouts.delete(id);
    clearTimeout(id);
  }) as typeof window.clearTimeout;
  window.requestAnimationFrame = (cb: FrameRequestCallback) => {
    const id = requestAnimationFrame((t) => {
      state.frames.delete(id);
      cb(t);
    });
    if (state.tracking) state.frames.add(id);
    return id;
  };
  window.cancelAnimationFrame = (id: number) => {
    state.frames.delete(id);
    cancelAnimationFrame(id);
  };
  window.fetch = async (...args: Parameters<typeof fetch>) => {
    const tracked = state.tracking;
    if (tracked) state.inflight++;
    try {
      return await fetch(...args);
    } finally {
      if (tracked) state.inflight--;
    }
  };
}

/** Loads `<name>/lifecycles` through the shell's federation runtime and mounts it at `path` in a fresh element. */
async function mount({ name, path, rootId }: { name: string; path: string; rootId: string }): Promise<void> {
  const probe = window.__leakProbe;
  const shell = window.__FEDERATION__?.__INSTANCES__.find((i) => i.name === 'shell');
  if (!probe || !shell) throw new Error('no probe or no federation host in the page');
  const lifecycles = await shell.loadRemote<Lifecycles>(`${name}/lifecycles`);
  if (!lifecycles) throw new Error(`${name}/lifecycles did not load`);
  const domElement = document.createElement('div');
  domElement.id = rootId;
  document.body.append(domElement);
  probe.bodyBefore = new Set(document.body.children);
  probe.listeners = [];
  probe.intervals.clear();
  probe.timeouts.clear();
  probe.frames.clear();
  probe.tracking = true;
  const props = { name: `leak-probe-${name}`, domElement, initialPath: path };
  await lifecycles.bootstrap(props);
  await lifecycles.mount(props);
  probe.mounted = { lifecycles, props };
}

async function unmount(): Promise<void> {
  const probe = window.__leakProbe;
  if (!probe?.mounted) throw new Error('nothing mounted');
  await probe.mounted.lifecycles.unmount(probe.mounted.props);
  probe.tracking = false;
}

function report(): LeakReport {
  const probe = window.__leakProbe;
  if (!probe?.mounted) throw new Error('nothing mounted');
  return {
    domNodes: probe.mounted.props.domElement.childNodes.length,
    bodyElements: [...document.body.children].filter((e) => !probe.bodyBefore.has(e)).length,
    listeners: probe.listeners.map((l) => `${l.target}:${l.type}`),
    intervals: probe.intervals.size,
    timeouts: probe.timeouts.size,
    animationFrames: probe.frames.size,
  };
}

function cleanUp(): void {
  const probe = window.__leakProbe;
  probe?.mounted?.props.domElement.remove();
  if (probe) probe.mounted = undefined;
}

export const leakProbe = {
  /** before the first navigation: the page's own code then goes through the probe's wrappers too */
  install: (page: Page) => page.addInitScript(install),
  mount: (page: Page, name: RemoteName, path: string) =>
    page.evaluate(mount, { name, path, rootId: PROBE_ROOT_ID }),
  /** fetches the mounted remote has started and not yet finished */
  inflight: (page: Page) => page.evaluate(() => window.__leakProbe?.inflight ?? 0),
  unmount: (page: Page) => page.evaluate(unmount),
  report: (page: Page) => page.evaluate(report),
  cleanUp: (page: Page) => page.evaluate(cleanUp),
};
