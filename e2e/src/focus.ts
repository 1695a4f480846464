// Visible focus (WCAG 2.4.7): tabbing through a page, every element that takes focus looks different
// from itself unfocused (an outline, a ring, a border or a background of its own or of its frame: a text
// field shows focus on the box around its input).
import { expect, type Page } from '@playwright/test';

const LOOK = [
  'outline-style',
  'outline-width',
  'outline-color',
  'box-shadow',
  'border-color',
  'background-color',
];

/** Tabs through up to `stops` elements; lists those whose look does not change when focused. */
export async function expectVisibleFocus(page: Page, what: string, stops = 30) {
  const unseen: string[] = [];
  for (let i = 0; i < stops; i++) {
    await page.keyboard.press('Tab');
    const seen = await page.evaluate(async (props) => {
      const el = document.activeElement as HTMLElement | null;
      if (!el || el === document.body) return null;
      // transitions jump to their end, so each look is the settled one
      const look = () => {
        for (const a of document.getAnimations()) if (a instanceof CSSTransition) a.finish();
        return [el, el.parentElement]
          .map((node) => {
            const style = getComputedStyle(node ?? el);
            return props.map((p) => style.getPropertyValue(p)).join('|');
          })
          .join('/');
      };
      const focused = look();
      el.blur();
      // Chromium can still answer with the focused look right after blur() inside a section with
      // content-visibility: auto (the landing's), until a frame updates it; a learner sees that frame
      await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
      const unfocused = look();
      el.focus({ preventScroll: true });
      return {
        changed: focused !== unfocused,
        name: `${el.tagName.toLowerCase()} "${el.textContent?.trim().slice(0, 40) || el.getAttribute('aria-label') || ''}"`,
      };
    }, LOOK);
    if (seen && !seen.changed) unseen.push(seen.name);
  }
  expect(unseen, `${what}: focused without a visible change`).toEqual([]);
}
