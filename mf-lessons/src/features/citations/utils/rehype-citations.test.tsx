// @vitest-environment jsdom
import { Markdown } from '@mindpath/markdown';
import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CitationProvider } from '../components/citation-context.tsx';
import { lessonTargets } from './citation-targets.ts';
import { citedMarkdown } from './cited-markdown.ts';

const SOURCE = '55555555-5555-4555-8555-555555555555';
const targets = lessonTargets([
  {
    n: 1,
    passageId: '66666666-6666-4666-8666-666666666661',
    sourceId: SOURCE,
    sourceTitle: 'Notes',
    page: null,
    headingPath: [],
  },
  {
    n: 2,
    passageId: '66666666-6666-4666-8666-666666666662',
    sourceId: SOURCE,
    sourceTitle: 'Notes',
    page: 9,
    headingPath: [],
  },
]);

function show(markdown: string, flag = true) {
  const open = vi.fn();
  const { container } = render(
    <MemoryRouter>
      <CitationProvider targets={targets} openPassage={open}>
        <Markdown markdown={markdown} {...citedMarkdown(targets.length, flag)} />
      </CitationProvider>
    </MemoryRouter>,
  );
  const issues = () =>
    [...container.querySelectorAll('[data-citation-issue]')].map((e) => [
      e.tagName,
      e.getAttribute('data-citation-issue'),
    ]);
  return { container, open, issues };
}

afterEach(cleanup);

describe('citations in rendered Markdown', () => {
  it('makes markers of prose buttons, never those of code, math or a link, and flags only prose', () => {
    const { container, issues } = show(
      [
        'Prose [1] and `code [1]` and [a link [2]](https://example.com) and $x_{[1]}$.',
        '',
        '$$',
        'y = [2]',
        '$$',
        '',
        '| a | b |',
        '|---|---|',
        '| cell [2] | no marker |',
        '',
        '## A heading without a source',
      ].join('\n'),
    );
    expect(screen.getAllByRole('button').map((b) => b.getAttribute('aria-label'))).toEqual([
      'Source 1: Notes',
      'Source 2: Notes, page 9',
    ]);
    expect(container.querySelector('code')?.textContent).toBe('code [1]');
    expect(screen.getByRole('link').textContent).toBe('a link [2]');
    // the table's cell is not a paragraph; the heading and the display math state nothing to cite
    expect(issues()).toEqual([]);
  });

  it('checks a list item as one paragraph (its nested list apart), a quote, and a marker of two numbers', () => {
    const { issues } = show(
      [
        '- loose item [1]',
        '',
        '  with a second paragraph',
        '- an item citing nothing',
        '  - a nested item [1, 2]',
        '',
        '> A quote [3].',
      ].join('\n'),
    );
    // the loose first item and the nested one cite; the item above the nested list does not
    expect(issues()).toEqual([
      ['LI', 'uncited'],
      ['P', 'unknown'],
    ]);
    expect(screen.getAllByRole('button', { name: /^Source/ })).toHaveLength(3);
    expect(screen.getByText('[3]').className).toMatch(/unknown/);
  });

  it('does not flag anything in an answer (flag off), though its markers are buttons', () => {
    const { issues } = show('An answer citing nothing.\n\nAnd one citing [1].', false);
    expect(issues()).toEqual([]);
    expect(screen.getByRole('button', { name: 'Source 1: Notes' })).toBeTruthy();
  });
});
