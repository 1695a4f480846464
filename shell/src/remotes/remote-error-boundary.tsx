import { Component, type ErrorInfo, type ReactNode } from 'react';
import styles from './remote-error-boundary.module.css';

interface Props {
  /** human name of the remote ('Goals') */
  label: string;
  variant: 'page' | 'slot';
  onRetry: () => Promise<void> | void;
  /** hears each error caught (the slot reports it) */
  onError?: (error: Error) => void;
  children: ReactNode;
}
interface State {
  error: Error | null;
  retrying: boolean;
}

/**
 * One per remote slot: a remote that fails to load or throws while rendering shows its name, a short
 * message and Retry; the header, sidebar and other routes keep working (DESIGN §3).
 */
export class RemoteErrorBoundary extends Component<Props, State> {
  override state: State = { error: null, retrying: false };

  static getDerivedStateFromError(error: Error): Partial<State> {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`[mindpath] remote "${this.props.label}" failed`, error, info.componentStack);
    this.props.onError?.(error);
  }

  retry = async (): Promise<void> => {
    this.setState({ retrying: true });
    try {
      await this.props.onRetry(); // the owner remounts this boundary with a fresh component
    } catch {
      this.setState({ error: null, retrying: false }); // the reload failed: render again, which reports it
    }
  };

  override render() {
    const { error, retrying } = this.state;
    if (!error) return this.props.children;
    const { label, variant } = this.props;
    return (
      <div className={variant === 'page' ? styles.page : styles.slot} role="alert" data-testid="remote-error">
        <div className={styles.icon}>
          <svg
            width="20"
            height="20"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2"
            aria-hidden="true"
          >
            <path d="M12 9v4M12 17h.01" />
            <path d="M10.3 3.9 1.8 18a2 2 0 0 0 1.7 3h17a2 2 0 0 0 1.7-3L13.7 3.9a2 2 0 0 0-3.4 0z" />
          </svg>
        </div>
        <div className={styles.text}>
          <p className={styles.title}>{label} is unavailable right now</p>
          {variant === 'page' ? (
            <p className={styles.message}>
              This part of Mindpath could not be loaded. The rest of the app still works — try again in a
              moment.
            </p>
          ) : null}
        </div>
        <button
          type="button"
          className={styles.retry}
          onClick={this.retry}
          disabled={retrying}
          data-testid="remote-retry"
        >
          {retrying ? 'Retrying…' : 'Retry'}
        </button>
      </div>
    );
  }
}
