import { describe, expect, it } from 'vitest';
import { keyConceptsOf } from './lesson-outline.ts';

describe('keyConceptsOf', () => {
  it('reads the bold terms and their sentences under Key Concepts, in their usual spellings', () => {
    const md = [
      '# INNER JOIN',
      '## Overview',
      '- **Not a concept**: it is in the overview.',
      '## Key Concepts',
      '',
      '- **Matching rows**: An INNER JOIN keeps only rows with a match in both tables.',
      '* **The ON clause** — names the columns that must be equal.',
      '- **Aliases:** `c` and `o` shorten [table names](https://example.com).',
      '- plain bullet without a term',
      '',
      '## Example',
      '- **After**: not a concept either.',
    ].join('\n');
    expect(keyConceptsOf(md)).toEqual([
      { term: 'Matching rows', text: 'An INNER JOIN keeps only rows with a match in both tables.' },
      { term: 'The ON clause', text: 'names the columns that must be equal.' },
      { term: 'Aliases', text: '`c` and `o` shorten [table names](https://example.com).' },
    ]);
  });

  it('is empty for a lesson with no such list', () => {
    expect(keyConceptsOf('# T\n\n## Overview\n\nText.')).toEqual([]);
    expect(keyConceptsOf('## Key Concepts\n\nJust prose.\n')).toEqual([]);
  });
});
