// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { graphLabel } from './graph-label.ts';

afterEach(() => document.body.replaceChildren());

describe('graphLabel (the graph hover label)', () => {
  it('shows a hostile title as its literal text and creates no element from it', () => {
    const title = '<img src=x onerror=alert(1)><script>alert(2)</script>';
    const tooltip = document.createElement('div');
    document.body.append(tooltip);
    // as force-graph's tooltip takes an element: appended as it is
    tooltip.append(graphLabel(title));
    expect(tooltip.textContent).toBe(title);
    expect(tooltip.querySelectorAll('*')).toHaveLength(1);
    expect(document.querySelector('img, script')).toBeNull();
  });
});
