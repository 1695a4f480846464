import { describe, expect, it } from 'vitest';
import { codeBlockLanguages, lessonLanguage } from './languages.ts';

describe('a lesson practice language', () => {
  it('reads the opening fences only, short names included', () => {
    const md = [
      '```py',
      'x = 1',
      '```',
      '',
      '~~~sql',
      'select 1;',
      '~~~',
      '```bash',
      'ls',
      '```',
      '```ts',
      '```',
    ];
    expect(codeBlockLanguages(md.join('\n'))).toEqual(['python', 'sql', 'typescript']);
  });

  it('does not take a fence inside a longer fence for a block', () => {
    const md = ['````markdown', '```python', 'x = 1', '```', '````', '```js', 'f()', '```'];
    expect(codeBlockLanguages(md.join('\n'))).toEqual(['javascript']);
  });

  it('is the most used language, then the curriculum’s, else none', () => {
    const md = '```sql\nselect 1\n```\n```python\n1\n```\n```python\n2\n```';
    expect(lessonLanguage(md, 'sql')).toBe('python');
    expect(lessonLanguage('No code here.', 'machine-learning')).toBe('python');
    expect(lessonLanguage('```bash\nls\n```', 'generic')).toBeNull();
    expect(lessonLanguage(null, null)).toBeNull();
  });
});
