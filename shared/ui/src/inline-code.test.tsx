// @vitest-environment jsdom
import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { InlineCode } from './inline-code.tsx';

afterEach(cleanup);

describe('InlineCode', () => {
  it('shows `backticked` parts as code and the rest as text, never as HTML', () => {
    const { container } = render(<InlineCode text="What does `f(3)` return with `<b>`?" />);
    expect([...container.querySelectorAll('code')].map((c) => c.textContent)).toEqual(['f(3)', '<b>']);
    expect(container.textContent).toBe('What does f(3) return with <b>?');
    expect(container.querySelector('b')).toBeNull();
  });
});
