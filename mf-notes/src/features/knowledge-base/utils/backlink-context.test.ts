import { describe, expect, it } from 'vitest';
import { backlinkContext } from './backlink-context.ts';

describe('backlinkContext', () => {
  it('shows the link with the plain text around it, cut at words', () => {
    const content =
      'A long opening sentence that goes on and on about *many* unrelated things, then: see ' +
      '[[Rust ownership|ownership]] for the rules. After that the note continues for quite a while longer.';
    expect(backlinkContext(content, 'rust OWNERSHIP')).toEqual({
      before: '…on about many unrelated things, then: see ',
      label: 'ownership',
      after: ' for the rules. After that the note continues…',
    });
  });

  it('keeps punctuation against the link and short notes whole; null when there is no link to the title', () => {
    expect(backlinkContext('**See** [[Borrowing]].', 'borrowing')).toEqual({
      before: 'See ',
      label: 'Borrowing',
      after: '.',
    });
    expect(backlinkContext('[[Borrowing]]', 'Borrowing')).toEqual({
      before: '',
      label: 'Borrowing',
      after: '',
    });
    expect(backlinkContext('Mentions Borrowing but links [[Other]]', 'Borrowing')).toBeNull();
  });
});
