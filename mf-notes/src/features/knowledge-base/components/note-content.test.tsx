// @vitest-environment jsdom
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NoteContent } from './note-content.tsx';

afterEach(cleanup);

const notes = new Map([
  ['rust basics', 'id-rust'],
  ['self', 'id-self'],
]);

function renderContent(content: string) {
  const handlers = { onOpenNote: vi.fn(), onCreateNote: vi.fn(), onTag: vi.fn() };
  const { container } = render(
    <NoteContent content={content} selfId="id-self" resolve={(key) => notes.get(key)} {...handlers} />,
  );
  return { container, ...handlers };
}

describe('NoteContent', () => {
  it('renders [[links]] to notes, links to missing notes, #tags and code; never HTML', async () => {
    const { container, onOpenNote, onCreateNote, onTag } = renderContent(
      'See [[Rust Basics|the basics]], [[Later]] and [[self]]. #Rust <b>bold</b> `#not-a-tag`\n```\n[[Rust basics]]\n```',
    );
    await userEvent.click(screen.getByRole('link', { name: 'the basics' }));
    expect(onOpenNote).toHaveBeenCalledWith('id-rust');
    await userEvent.click(screen.getByRole('link', { name: 'Later' }));
    expect(onCreateNote).toHaveBeenCalledWith('Later');
    await userEvent.click(screen.getByRole('button', { name: '#Rust' }));
    expect(onTag).toHaveBeenCalledWith('rust');
    // a self-link is plain text; code keeps its text and makes no link or tag
    expect(screen.queryByRole('link', { name: 'self' })).toBeNull();
    expect(screen.getAllByRole('link')).toHaveLength(2);
    expect(container.querySelector('code')?.textContent).toBe('#not-a-tag');
    expect(container.querySelector('pre')?.textContent).toBe('[[Rust basics]]');
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toContain('<b>bold</b>');
  });

  it('says when the note is empty', () => {
    renderContent('  \n ');
    expect(screen.getByText('This note is empty.')).toBeTruthy();
  });
});
