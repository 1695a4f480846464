import EventEmitter from 'eventemitter3';

export type ToastKind = 'info' | 'success' | 'error';

/** Every cross-remote signal and its payload. Add new ones here, never ad-hoc strings. */
export interface MindpathEvents {
  /** a token was stored (login, register) or removed (logout) */
  'auth-change': { authenticated: boolean };
  /** the API answered 401: the SDK already removed the token */
  unauthorized: undefined;
  /** the subscription changed (checkout confirmed, cancelled) */
  'subscription-updated': undefined;
  /** open the AI tutor chat with a selection quoted (the lesson page's Ask AI) */
  'ask-ai': { lessonId?: string; quote: string };
  /** reopen the shell's cookie banner at its settings (the footer's Cookie settings, the Privacy tab) */
  'cookie-settings-open': undefined;
  /** ask the shell to show a toast */
  toast: { message: string; kind?: ToastKind; durationMs?: number };
}

type Listener<E extends keyof MindpathEvents> = MindpathEvents[E] extends undefined
  ? () => void
  : (payload: MindpathEvents[E]) => void;

export interface EventBus {
  on<E extends keyof MindpathEvents>(event: E, listener: Listener<E>): () => void;
  emit<E extends keyof MindpathEvents>(
    event: E,
    ...payload: MindpathEvents[E] extends undefined ? [] : [MindpathEvents[E]]
  ): void;
  listenerCount(event: keyof MindpathEvents): number;
}

export function createEventBus(): EventBus {
  const emitter = new EventEmitter();
  return {
    on(event, listener) {
      emitter.on(event, listener);
      return () => {
        emitter.off(event, listener);
      };
    },
    emit(event, ...payload) {
      emitter.emit(event, ...payload);
    },
    listenerCount: (event) => emitter.listenerCount(event),
  };
}

/** The one bus of the page: shared as a Module Federation singleton, so every remote gets this instance. */
export const bus: EventBus = createEventBus();
