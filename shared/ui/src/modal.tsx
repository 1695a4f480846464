import { type MouseEvent, type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import styles from './modal.module.css';

export interface ModalProps {
  open: boolean;
  /** Escape, a click on the backdrop (unless closeOnBackdrop is false) and the close button call this */
  onClose: () => void;
  /** the accessible name of the dialog (rendered as its heading) */
  title: ReactNode;
  /** shown under the title and used as aria-describedby */
  description?: ReactNode;
  /** shown above the title (a logo, an icon) */
  icon?: ReactNode;
  children?: ReactNode;
  /** actions row at the bottom */
  footer?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /**
   * 'center' (default) centres the panel; 'top' keeps its top edge where it is whatever its height, for a
   * dialog whose steps change its content (the new-goal wizard) and would otherwise jump up and down.
   */
  placement?: 'center' | 'top';
  closeOnBackdrop?: boolean;
  showCloseButton?: boolean;
  /** element to focus on open; otherwise an [autofocus]ed element, else the first focusable one */
  initialFocusRef?: RefObject<HTMLElement | null>;
  role?: 'dialog' | 'alertdialog';
  className?: string;
  /**
   * Render into a portal on document.body (default). A page that *is* a dialog (login) renders in place,
   * so its DOM stays inside the remote's mount element; the fixed backdrop still covers the viewport.
   */
  portal?: boolean;
}

const FOCUSABLE = [
  'a[href]',
  'area[href]',
  'button:not([disabled])',
  'input:not([disabled]):not([type="hidden"])',
  'select:not([disabled])',
  'textarea:not([disabled])',
  'iframe',
  '[contenteditable="true"]',
  '[tabindex]:not([tabindex="-1"])',
].join(',');

export function focusableIn(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter(
    (el) => !el.hasAttribute('inert') && el.getAttribute('aria-hidden') !== 'true',
  );
}

/**
 * Regions outside the dialog that must stay reachable while it is open (the shell's cookie banner, which a
 * visitor answers on /login): Tab cycles through the dialog and then them.
 */
const companionFocusables = () =>
  [...document.querySelectorAll<HTMLElement>('[data-modal-companion]')].flatMap(focusableIn);

/** Open dialogs, innermost last: only the top one answers Escape and Tab. */
const stack: symbol[] = [];
let savedOverflow: string | undefined;

const CloseIcon = () => (
  <svg
    width="18"
    height="18"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    aria-hidden="true"
  >
    <path d="M6 6l12 12M18 6L6 18" />
  </svg>
);

/**
 * An accessible modal dialog (DESIGN §7): role="dialog" + aria-modal, labelled by its title, focus moved in
 * on open, trapped on Tab/Shift+Tab, restored on close; Escape and a backdrop click close it; page scroll
 * is locked while it is open. Rendered in a portal on document.body unless `portal` is false.
 */
export function Modal({ portal = true, ...props }: ModalProps) {
  if (!props.open) return null;
  if (!portal) return <ModalBody {...props} />;
  // the server renderer (the build's prerender) has no document.body: a page that is a dialog renders in place
  return typeof document === 'undefined' ? null : createPortal(<ModalBody {...props} />, document.body);
}

function ModalBody({
  onClose,
  title,
  description,
  icon,
  children,
  footer,
  size = 'md',
  placement = 'center',
  closeOnBackdrop = true,
  showCloseButton = true,
  initialFocusRef,
  role = 'dialog',
  className,
}: ModalProps) {
  const id = useId();
  const titleId = `${id}-title`;
  const descriptionId = `${id}-description`;
  const panelRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;
  const pressedOnBackdrop = useRef<boolean | null>(null);

  useEffect(() => {
    const token = Symbol('modal');
    stack.push(token);
    const previouslyFocused = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (stack.length === 1) {
      savedOverflow = document.body.style.overflow;
      document.body.style.overflow = 'hidden';
    }

    const panel = panelRef.current;
    if (panel && !panel.contains(document.activeElement)) {
      const target =
        initialFocusRef?.current ??
        panel.querySelector<HTMLElement>('[autofocus],[data-autofocus]') ??
        focusableIn(panel).find((el) => !el.dataset.modalClose) ??
        panel;
      target.focus();
    }

    const onKeyDown = (event: KeyboardEvent) => {
      if (stack[stack.length - 1] !== token || !panelRef.current) return;
      if (event.key === 'Escape') {
        event.stopPropagation();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusableIn(panelRef.current);
      const active = document.activeElement;
      const inside = panelRef.current.contains(active);
      if (items.length === 0) {
        event.preventDefault();
        panelRef.current.focus();
        return;
      }
      // the ring of stops at the edges: the panel's items, then those of the companion regions
      const extra = companionFocusables();
      const inExtra = active instanceof HTMLElement && extra.includes(active);
      const first = items[0]!;
      const last = items[items.length - 1]!;
      const jump = (target: HTMLElement | undefined) => {
        event.preventDefault();
        target?.focus();
      };
      if (event.shiftKey) {
        if (inExtra) {
          if (active === extra[0]) jump(last);
        } else if (!inside || active === first || active === panelRef.current) jump(extra.at(-1) ?? last);
      } else if (inExtra) {
        if (active === extra.at(-1)) jump(first);
      } else if (!inside || active === last) jump(extra[0] ?? first);
    };
    document.addEventListener('keydown', onKeyDown);

    return () => {
      document.removeEventListener('keydown', onKeyDown);
      const at = stack.indexOf(token);
      if (at >= 0) stack.splice(at, 1);
      if (stack.length === 0) {
        document.body.style.overflow = savedOverflow ?? '';
        savedOverflow = undefined;
      }
      if (previouslyFocused?.isConnected && previouslyFocused !== document.body) previouslyFocused.focus();
    };
  }, [initialFocusRef]);

  const onBackdropMouseDown = (event: MouseEvent<HTMLDivElement>) => {
    pressedOnBackdrop.current = event.target === event.currentTarget;
  };
  const onBackdropClick = (event: MouseEvent<HTMLDivElement>) => {
    // a drag that started inside the panel and ended on the backdrop is not a backdrop click
    const startedHere = pressedOnBackdrop.current !== false;
    pressedOnBackdrop.current = null;
    if (closeOnBackdrop && startedHere && event.target === event.currentTarget) onCloseRef.current();
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the backdrop click is a pointer shortcut; Escape and the close button are the accessible ways out
    // biome-ignore lint/a11y/useKeyWithClickEvents: Escape is handled on the document
    <div
      className={styles.backdrop}
      onMouseDown={onBackdropMouseDown}
      onClick={onBackdropClick}
      data-testid="modal-backdrop"
    >
      {/* biome-ignore lint/a11y/useAriaPropsSupportedByRole: role is always dialog or alertdialog, both support aria-modal */}
      <div
        ref={panelRef}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={[styles.panel, styles[size], placement === 'top' && styles.top, className]
          .filter(Boolean)
          .join(' ')}
      >
        <header className={styles.header}>
          {icon ? <div className={styles.icon}>{icon}</div> : null}
          <h2 id={titleId} className={styles.title}>
            {title}
          </h2>
          {description ? (
            <p id={descriptionId} className={styles.description}>
              {description}
            </p>
          ) : null}
          {showCloseButton ? (
            <button
              type="button"
              className={styles.close}
              onClick={() => onCloseRef.current()}
              aria-label="Close dialog"
              data-modal-close="true"
            >
              <CloseIcon />
            </button>
          ) : null}
        </header>
        {children ? <div className={styles.body}>{children}</div> : null}
        {footer ? <footer className={styles.footer}>{footer}</footer> : null}
      </div>
    </div>
  );
}
