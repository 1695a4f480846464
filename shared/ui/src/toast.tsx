import { type ReactNode, useSyncExternalStore } from 'react';
import styles from './toast.module.css';

export type ToastKind = 'info' | 'success' | 'error';
export interface ToastItem {
  id: number;
  message: string;
  kind: ToastKind;
}
export interface ToastOptions {
  kind?: ToastKind;
  /** how long it stays; 3 s by default */
  durationMs?: number;
}

export const DEFAULT_TOAST_MS = 3000;

let items: ToastItem[] = [];
let nextId = 1;
const listeners = new Set<() => void>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();
const emit = () => {
  for (const l of listeners) l();
};

/** The page's toasts (one store: `@mindpath/ui/` is a federation singleton). */
export const toastStore = {
  get: (): ToastItem[] => items,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  show(message: string, options: ToastOptions = {}): number {
    const id = nextId++;
    items = [...items, { id, message, kind: options.kind ?? 'info' }];
    emit();
    timers.set(
      id,
      setTimeout(() => toastStore.dismiss(id), options.durationMs ?? DEFAULT_TOAST_MS),
    );
    return id;
  },
  dismiss(id: number): void {
    const timer = timers.get(id);
    if (timer) clearTimeout(timer);
    timers.delete(id);
    if (!items.some((t) => t.id === id)) return;
    items = items.filter((t) => t.id !== id);
    emit();
  },
  clear(): void {
    for (const id of [...timers.keys()]) toastStore.dismiss(id);
    items = [];
    emit();
  },
};

export function useToast(): { show: typeof toastStore.show; dismiss: typeof toastStore.dismiss } {
  return { show: toastStore.show, dismiss: toastStore.dismiss };
}

const EMPTY: ToastItem[] = [];

export function Toaster() {
  const list = useSyncExternalStore(toastStore.subscribe, toastStore.get, () => EMPTY);
  return (
    <section className={styles.viewport} aria-label="Notifications">
      {list.map((t) => (
        <div
          key={t.id}
          className={styles.toast}
          data-kind={t.kind}
          role={t.kind === 'error' ? 'alert' : 'status'}
          aria-live={t.kind === 'error' ? 'assertive' : 'polite'}
        >
          <span className={styles.dot} aria-hidden="true" />
          <span className={styles.message}>{t.message}</span>
          <button
            type="button"
            className={styles.close}
            aria-label="Dismiss notification"
            onClick={() => toastStore.dismiss(t.id)}
          >
            ×
          </button>
        </div>
      ))}
    </section>
  );
}

/** Renders its children and the toast viewport. */
export function ToastProvider({ children }: { children: ReactNode }) {
  return (
    <>
      {children}
      <Toaster />
    </>
  );
}
