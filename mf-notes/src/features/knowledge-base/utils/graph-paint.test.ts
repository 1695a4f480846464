import { describe, expect, it } from 'vitest';
import { GraphPainter, hoverOf, type PaintLink, type PaintNode, type Palette } from './graph-paint.ts';

const palette: Palette = {
  node: 'accent',
  nodeIsolated: 'subtle',
  hover: 'warning',
  link: 'accent',
  tagLink: 'subtle',
  faded: 'border',
  label: 'text',
  labelHalo: 'bg',
};

/** A 2D context that records the fills, strokes and texts drawn and the state each was drawn with. */
function recordingContext(zoom = 1, width = 800, height = 600) {
  const draws: {
    op: 'fill' | 'stroke' | 'text';
    style: string;
    alpha: number;
    shapes: number;
    text?: string;
  }[] = [];
  let shapes = 0;
  const ctx = {
    canvas: { width, height },
    fillStyle: '',
    strokeStyle: '',
    globalAlpha: 1,
    lineWidth: 1,
    font: '',
    textAlign: 'start',
    textBaseline: 'alphabetic',
    dash: [] as number[],
    save() {},
    restore() {},
    getTransform: () => ({ a: zoom, d: zoom, e: 0, f: 0 }),
    setLineDash(d: number[]) {
      this.dash = d;
    },
    beginPath() {
      shapes = 0;
    },
    moveTo() {
      shapes++;
    },
    lineTo() {},
    arc() {},
    fill() {
      draws.push({ op: 'fill', style: this.fillStyle, alpha: this.globalAlpha, shapes });
    },
    stroke() {
      draws.push({ op: 'stroke', style: `${this.strokeStyle} ${this.dash.join(',')}`, alpha: 1, shapes });
    },
    strokeText() {},
    fillText(text: string) {
      draws.push({ op: 'text', style: this.fillStyle, alpha: this.globalAlpha, shapes: 0, text });
    },
  };
  return { ctx: ctx as unknown as CanvasRenderingContext2D, draws };
}

/** n notes on a line, each linking to the next three, as force-graph leaves them once laid out. */
function chain(n: number) {
  const nodes: PaintNode[] = Array.from({ length: n }, (_, i) => ({
    id: `n${i}`,
    title: `Note ${i}`,
    degree: 6,
    x: (i % 40) * 20,
    y: Math.floor(i / 40) * 20,
  }));
  const links: PaintLink[] = nodes.flatMap((s, i) =>
    [1, 2, 3].map((d) => ({ source: s, target: nodes[(i + d) % n]!, strength: 0.75, kind: 'link' as const })),
  );
  return { nodes, links };
}

describe('GraphPainter', () => {
  it('paints 1,000 notes and 3,000 links in one stroke, one arrow fill and one node fill', () => {
    const { nodes, links } = chain(1000);
    const painter = new GraphPainter();
    painter.setPalette(palette);
    painter.setData(nodes, links);
    const { ctx, draws } = recordingContext();
    painter.paint(ctx, 1);
    expect(draws).toEqual([
      { op: 'stroke', style: 'accent ', alpha: 1, shapes: 3000 },
      { op: 'fill', style: 'accent', alpha: 1, shapes: 3000 },
      { op: 'fill', style: 'accent', alpha: 1, shapes: 1000 },
    ]);
  });

  it('draws shared tags dashed, isolated notes in their own colour, and every label in a small graph', () => {
    const a: PaintNode = { id: 'a', title: 'Alpha', degree: 1, x: 0, y: 0 };
    const b: PaintNode = { id: 'b', title: 'Beta', degree: 1, x: 100, y: 0 };
    const c: PaintNode = { id: 'c', title: 'Gamma', degree: 0, x: 50, y: 80 };
    const painter = new GraphPainter();
    painter.setPalette(palette);
    painter.setData([a, b, c], [{ source: a, target: b, strength: 0.3, kind: 'tags' }]);
    const { ctx, draws } = recordingContext();
    painter.paint(ctx, 1);
    expect(draws.filter((d) => d.op !== 'text')).toEqual([
      { op: 'stroke', style: 'subtle 3,3', alpha: 1, shapes: 1 },
      { op: 'fill', style: 'accent', alpha: 1, shapes: 2 },
      { op: 'fill', style: 'subtle', alpha: 1, shapes: 1 },
    ]);
    expect(draws.filter((d) => d.op === 'text').map((d) => d.text)).toEqual(['Alpha', 'Beta', 'Gamma']);
  });

  it('on hover: the note in the hover colour over its neighbours, the rest and their links faded, only the near labels', () => {
    const { nodes, links } = chain(100);
    const painter = new GraphPainter();
    painter.setPalette(palette);
    painter.setData(nodes, links);
    painter.setHover(hoverOf(links, 'n50'));
    const { ctx, draws } = recordingContext();
    painter.paint(ctx, 1);
    const fills = draws.filter((d) => d.op === 'fill' && d.shapes > 0 && d.style !== 'border');
    // arrows of the hovered note's six links, then the faded notes, the neighbours and the note itself on top
    expect(fills.map((d) => [d.style, d.alpha, d.shapes])).toEqual([
      ['accent', 1, 6],
      ['accent', 0.25, 93],
      ['accent', 1, 6],
      ['warning', 1, 1],
    ]);
    expect(draws.filter((d) => d.op === 'text').map((d) => d.text)).toEqual(
      ['n47', 'n48', 'n49', 'n50', 'n51', 'n52', 'n53'].map((id) => `Note ${id.slice(1)}`),
    );
  });

  it('big graphs show labels only once zoomed in, and only on screen', () => {
    const { nodes, links } = chain(1000);
    const painter = new GraphPainter();
    painter.setPalette(palette);
    painter.setData(nodes, links);
    const far = recordingContext();
    painter.paint(far.ctx, 1);
    expect(far.draws.some((d) => d.op === 'text')).toBe(false);
    // at zoom 2 the 800 × 600 canvas shows 400 × 300 graph units; labels within 100 units of it are drawn
    const near = recordingContext(2);
    painter.paint(near.ctx, 2);
    const labelled = near.draws.filter((d) => d.op === 'text').length;
    expect(labelled).toBeGreaterThan(0);
    expect(labelled).toBeLessThan(1000);
  });

  it('skips links whose ends are not laid out yet', () => {
    const painter = new GraphPainter();
    painter.setPalette(palette);
    painter.setData(
      [{ id: 'a', title: 'A', degree: 1 }],
      [{ source: 'a', target: 'b', strength: 1, kind: 'link' }],
    );
    const { ctx, draws } = recordingContext();
    painter.paint(ctx, 1);
    expect(draws.every((d) => d.shapes === 0)).toBe(true);
  });
});
