import { ResourceLinksSchema, VideoUrlsSchema } from '@mindpath/contracts/lessons';
import { describe, expect, it } from 'vitest';
import { resourceJson, unwrapMarkdownFence } from './jobs.ts';

describe('unwrapMarkdownFence', () => {
  it('takes the lesson out of a fence around the whole answer', () => {
    expect(unwrapMarkdownFence('```markdown\n# T\ntext\n```')).toBe('# T\ntext');
    expect(unwrapMarkdownFence('```\n# T\n```\n')).toBe('# T');
  });

  it('leaves a lesson that merely contains code blocks alone', () => {
    const md = '# T\n\n```python\nx = 1\n```\n';
    expect(unwrapMarkdownFence(md)).toBe(md);
  });
});

describe('resourceJson', () => {
  const resources = {
    videos: [{ title: 'V', url: 'https://v.example/x' }],
    articles: [{ title: 'A', url: 'https://a.example/y' }],
    books: [{ title: 'B', author: 'Au' }],
  };

  it("marks a model's links and books as suggestions", () => {
    const { videoUrls, resourceLinks } = resourceJson(resources, 'model');
    expect(VideoUrlsSchema.parse(JSON.parse(videoUrls))).toEqual([
      { ...resources.videos[0], kind: 'suggestion' },
    ]);
    const links = ResourceLinksSchema.parse(JSON.parse(resourceLinks));
    expect(links.articles[0]!.kind).toBe('suggestion');
    expect(links.books[0]!.kind).toBe('suggestion');
  });

  it('marks offline links as search pages and offline books as curated', () => {
    const { videoUrls, resourceLinks } = resourceJson(resources, 'offline');
    expect(JSON.parse(videoUrls)[0].kind).toBe('search');
    expect(JSON.parse(resourceLinks)).toMatchObject({
      articles: [{ kind: 'search' }],
      books: [{ kind: 'curated' }],
    });
  });
});
