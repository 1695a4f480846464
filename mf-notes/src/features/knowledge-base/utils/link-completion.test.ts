import { describe, expect, it } from 'vitest';
import { completeLink, linkQueryAt, suggestTitles } from './link-completion.ts';

describe('[[link]] completion', () => {
  it('finds the link being typed at the caret', () => {
    expect(linkQueryAt('See [[Rus', 9)).toEqual({ query: 'Rus', start: 6 });
    expect(linkQueryAt('See [[', 6)).toEqual({ query: '', start: 6 });
    expect(linkQueryAt('See [[Rust]] and', 16)).toBeNull();
    expect(linkQueryAt('See [[Rust\nmore', 15)).toBeNull();
    expect(linkQueryAt('See [[Rust|label', 16)).toBeNull();
  });

  it('suggests titles starting with the query first, then containing it, without the note itself', () => {
    const titles = ['Trust issues', 'Rust basics', 'rust async', 'Python', 'Rust basics', 'Current note'];
    expect(suggestTitles(titles, 'rust', 'Current note')).toEqual([
      'rust async',
      'Rust basics',
      'Trust issues',
    ]);
    expect(suggestTitles(titles, '', 'Current note', 2)).toEqual(['Python', 'rust async']);
  });

  it('completes to [[title]] and puts the caret after it, reusing a closing ]]', () => {
    expect(completeLink('See [[Ru and', 8, 6, 'Rust basics')).toEqual({
      text: 'See [[Rust basics]] and',
      caret: 19,
    });
    expect(completeLink('See [[Ru]] and', 8, 6, 'Rust basics').text).toBe('See [[Rust basics]] and');
  });
});
