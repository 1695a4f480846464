import { type RefObject, useLayoutEffect } from 'react';

/** The CSS variable @mindpath/ui's Modal keeps its backdrop above, so no dialog's buttons sit under the banner. */
export const BANNER_INSET_VAR = '--cookie-banner-inset';

/** Publishes the open banner's height (kept current as it wraps or grows) and clears it on close. */
export function useBannerInset(ref: RefObject<HTMLElement | null>, open: boolean): void {
  useLayoutEffect(() => {
    const el = ref.current;
    const rootStyle = document.documentElement.style;
    if (!open || !el) return;
    // while the app renders outside the document (taking over a prerendered page) the banner has no height
    // yet: the prerendered banner's inset stands until the ResizeObserver sees this one laid out
    const publish = () => {
      if (el.isConnected) rootStyle.setProperty(BANNER_INSET_VAR, `${el.getBoundingClientRect().height}px`);
    };
    publish();
    const observer = typeof ResizeObserver === 'undefined' ? undefined : new ResizeObserver(publish);
    observer?.observe(el);
    return () => {
      observer?.disconnect();
      rootStyle.removeProperty(BANNER_INSET_VAR);
    };
  }, [ref, open]);
}
