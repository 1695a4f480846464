// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { GraphNoteList } from './graph-note-list.tsx';

afterEach(cleanup);

const nodes = [
  { id: 'c', title: 'closures', degree: 0 },
  { id: 'a', title: 'Async Rust', degree: 1 },
  { id: 'b', title: 'Borrowing', degree: 3 },
];

function setup() {
  const onFocusNode = vi.fn();
  const onOpen = vi.fn();
  render(
    <>
      <button type="button">before</button>
      <GraphNoteList nodes={nodes} onFocusNode={onFocusNode} onOpen={onOpen} />
      <button type="button">after</button>
    </>,
  );
  return { onFocusNode, onOpen };
}

describe('GraphNoteList (the graph for the keyboard)', () => {
  it('lists the notes A to Z with their connections, as one Tab stop', async () => {
    const { onFocusNode } = setup();
    const list = screen.getByRole('list', { name: 'Notes in the graph: arrow keys move, Enter opens' });
    expect([...list.querySelectorAll('button')].map((b) => b.textContent)).toEqual([
      'Async Rust · 1 connection',
      'Borrowing · 3 connections',
      'closures · 0 connections',
    ]);
    screen.getByRole('button', { name: 'before' }).focus();
    await userEvent.tab();
    expect(document.activeElement?.textContent).toBe('Async Rust · 1 connection');
    expect(onFocusNode).toHaveBeenLastCalledWith('a');
    await userEvent.tab();
    expect(document.activeElement?.textContent).toBe('after');
    expect(onFocusNode).toHaveBeenLastCalledWith(null);
  });

  it('moves with the arrow keys, Home and End, highlights the focused note and opens it with Enter', async () => {
    const { onFocusNode, onOpen } = setup();
    screen.getByRole('button', { name: /^Async Rust/ }).focus();
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('Borrowing · 3 connections');
    expect(onFocusNode).toHaveBeenLastCalledWith('b');
    await userEvent.keyboard('{End}');
    expect(onFocusNode).toHaveBeenLastCalledWith('c');
    await userEvent.keyboard('{ArrowDown}');
    expect(document.activeElement?.textContent).toBe('closures · 0 connections');
    await userEvent.keyboard('{Home}{ArrowUp}');
    expect(document.activeElement?.textContent).toBe('Async Rust · 1 connection');
    await userEvent.keyboard('{ArrowRight}{Enter}');
    expect(onOpen).toHaveBeenCalledWith('b');
    // Tab leaves the list and comes back to the note last focused
    await userEvent.tab();
    await userEvent.tab({ shift: true });
    expect(document.activeElement?.textContent).toBe('Borrowing · 3 connections');
  });

  it('is absent for an empty graph', () => {
    render(<GraphNoteList nodes={[]} onFocusNode={vi.fn()} onOpen={vi.fn()} />);
    expect(screen.queryByRole('list')).toBeNull();
  });
});
