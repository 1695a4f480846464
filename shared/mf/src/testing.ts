import type { RemoteLifecycleProps } from '@mindpath/contracts/remotes';
import type { RemoteLifecycles } from './lifecycles.tsx';

/**
 * Mounts a remote's lifecycles into a fresh element (jsdom) and, on unmount, reports what it left behind:
 * DOM nodes in its element, window/document listeners still registered, timers still pending.
 */
export async function mountForTest(lifecycles: RemoteLifecycles, props: Partial<RemoteLifecycleProps> = {}) {
  const domElement = document.createElement('div');
  document.body.append(domElement);
  const listeners = new Map<string, number>();
  const timers = new Set<unknown>();
  const track = (target: Window | Document) => {
    const add = target.addEventListener.bind(target);
    const remove = target.removeEventListener.bind(target);
    target.addEventListener = ((type: string, ...rest: [EventListenerOrEventListenerObject, unknown?]) => {
      listeners.set(type, (listeners.get(type) ?? 0) + 1);
      return add(type, ...(rest as [EventListenerOrEventListenerObject]));
    }) as typeof target.addEventListener;
    target.removeEventListener = ((type: string, ...rest: [EventListenerOrEventListenerObject, unknown?]) => {
      listeners.set(type, (listeners.get(type) ?? 0) - 1);
      return remove(type, ...(rest as [EventListenerOrEventListenerObject]));
    }) as typeof target.removeEventListener;
    return () => {
      target.addEventListener = add;
      target.removeEventListener = remove;
    };
  };
  const untrack = [track(window), track(document)];
  const realSetInterval = globalThis.setInterval;
  const realClearInterval = globalThis.clearInterval;
  globalThis.setInterval = ((...args: Parameters<typeof setInterval>) => {
    const id = realSetInterval(...args);
    timers.add(id);
    return id;
  }) as typeof setInterval;
  globalThis.clearInterval = ((id: Parameters<typeof clearInterval>[0]) => {
    timers.delete(id);
    realClearInterval(id);
  }) as typeof clearInterval;

  const full: RemoteLifecycleProps = { name: props.name ?? 'test', domElement, ...props };
  await lifecycles.bootstrap(full);
  await lifecycles.mount(full);

  return {
    domElement,
    async unmount() {
      await lifecycles.unmount(full);
      for (const u of untrack) u();
      globalThis.setInterval = realSetInterval;
      globalThis.clearInterval = realClearInterval;
      // React DOM adds one 'selectionchange' listener per document, for good, the first time a root mounts
      const leftListeners = [...listeners]
        .filter(([type, n]) => n > 0 && type !== 'selectionchange')
        .map(([t]) => t);
      const leaks = {
        domNodes: domElement.childNodes.length,
        listeners: leftListeners,
        intervals: timers.size,
      };
      domElement.remove();
      return leaks;
    },
  };
}
