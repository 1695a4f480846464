import { describe, expect, it } from 'vitest';
import { diagramParts } from '../lessons/media.ts';
import { conceptDiagramSvg } from './diagram.ts';

const texts = (svg: string) => [...svg.matchAll(/<text [^>]*>([^<]*)<\/text>/g)].map((m) => m[1]);

describe('the lesson diagram', () => {
  it('labels the lesson in the middle and each idea it teaches, numbered, and is named by its caption', () => {
    const svg = conceptDiagramSvg({
      title: 'INNER JOIN',
      parts: ['Matching rows', 'The ON clause', 'Rows dropped', 'Table aliases'],
      caption: 'A labelled diagram of INNER JOIN',
    });
    expect(svg).toContain('aria-label="A labelled diagram of INNER JOIN"');
    expect(texts(svg)).toEqual(
      expect.arrayContaining([
        'INNER JOIN',
        'Matching rows',
        'The ON clause',
        'Rows dropped',
        'Table aliases',
        '1',
        '4',
      ]),
    );
    expect(svg.match(/<line /g)).toHaveLength(4);
  });

  it('wraps long labels, keeps at most four parts and escapes what it draws', () => {
    const svg = conceptDiagramSvg({
      title: 'Generics <T> & bounds',
      parts: ['a', 'b', 'c', 'd', 'e', 'f', 'g'],
      caption: '"x"',
    });
    expect(svg).toContain('Generics &lt;T&gt; &amp;');
    expect(svg.match(/<line /g)).toHaveLength(4);
    const long = conceptDiagramSvg({
      title: 'T',
      parts: ['A very long concept name that goes on and on'],
      caption: '',
    });
    for (const t of texts(long)) expect(t!.length).toBeLessThanOrEqual(18);
  });

  it("draws the lesson's key concepts, else the words of its image description", () => {
    const md =
      '## Key Concepts\n\n- **Matching rows**: kept.\n- **ON clause**: names columns.\n\n## Example\n';
    expect(diagramParts(md, 'A labelled diagram of INNER JOIN', 'INNER JOIN')).toEqual([
      'Matching rows',
      'ON clause',
    ]);
    expect(
      diagramParts(
        '# T\n\nProse.',
        'A labelled diagram of photosynthesis: sunlight, chlorophyll and sugar',
        'Photosynthesis',
      ),
    ).toEqual(['sunlight', 'chlorophyll', 'sugar']);
  });
});
