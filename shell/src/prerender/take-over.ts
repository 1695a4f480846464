/** How long the live app may stay quiet before it is taken as settled, and the most the swap waits. */
export const QUIET_MS = 200;
export const MAX_WAIT_MS = 10_000;

/**
 * A prerendered page (scripts/prerender.ts) stays on screen, inert (an inline script in index.html), while
 * the live app renders into `live`, a container outside the document: one copy of the page is ever in the
 * document, so nothing (a test's locator, find in page, a screen reader) meets two. Once the live tree
 * holds a heading and has stopped changing for QUIET_MS, it replaces the prerendered markup in one task,
 * so the next frame shows it whole: the two look the same, so there is no flash and nothing moves. The
 * live tree may have rendered already when this is called (the shell wires it after its first render).
 */
export function takeOver(prerendered: HTMLElement, live: HTMLElement): void {
  let quiet: ReturnType<typeof setTimeout> | undefined;
  const swap = () => {
    observer.disconnect();
    clearTimeout(quiet);
    clearTimeout(limit);
    const scrolled = scrolledIn(prerendered);
    live.id = 'root';
    prerendered.replaceWith(live);
    // the prerendered page showed the end of every entrance animation (a dialog fading in): do not replay them
    for (const animation of live.getAnimations({ subtree: true }))
      if (animation.effect?.getComputedTiming().endTime !== Number.POSITIVE_INFINITY) animation.finish();
    // a scroll box the visitor scrolled already (the login dialog on a phone) keeps its place
    for (const { path, top, left } of scrolled) {
      const el = at(live, path);
      if (el) Object.assign(el, { scrollTop: top, scrollLeft: left });
    }
    // focus taken on mount (a dialog's first field) did not hold while the tree was detached: give it now
    if (document.activeElement === document.body || document.activeElement === null)
      (
        live.querySelector<HTMLElement>('[aria-modal="true"] input:not([type="hidden"])') ??
        live.querySelector<HTMLElement>('[aria-modal="true"] button')
      )?.focus();
  };
  const settleLater = () => {
    clearTimeout(quiet);
    if (live.querySelector('h1, [role="dialog"] h2')) quiet = setTimeout(swap, QUIET_MS);
  };
  const observer = new MutationObserver(settleLater);
  observer.observe(live, { childList: true, subtree: true, characterData: true, attributes: true });
  const limit = setTimeout(swap, MAX_WAIT_MS);
  settleLater(); // a live tree that holds its heading already is quiet from now
}

interface Scrolled {
  /** child indexes from the root: the same element in a tree of the same shape */
  path: number[];
  top: number;
  left: number;
}

function scrolledIn(root: HTMLElement): Scrolled[] {
  const found: Scrolled[] = [];
  for (const el of root.querySelectorAll('*')) {
    if (el.scrollTop === 0 && el.scrollLeft === 0) continue;
    const path: number[] = [];
    for (let node: Element = el; node !== root && node.parentElement; node = node.parentElement)
      path.unshift([...node.parentElement.children].indexOf(node));
    found.push({ path, top: el.scrollTop, left: el.scrollLeft });
  }
  return found;
}

const at = (root: Element, path: number[]) =>
  path.reduce<Element | undefined>((node, index) => node?.children[index], root);
