// The knowledge graph's frame, painted in a few batched paths instead of force-graph's one path per arrow and
// per node: a canvas rasterises each fill or stroke on its own, so at 1,000 notes and 3,000 links the browser
// spent more time rasterising 4,000 small shapes per frame than the layout and the script together.

export interface PaintNode {
  id: string;
  title: string;
  degree: number;
  x?: number;
  y?: number;
}

export interface PaintLink {
  /** a node id until force-graph resolves it to the node */
  source: string | PaintNode;
  target: string | PaintNode;
  strength: number;
  kind: 'link' | 'tags';
}

export interface Palette {
  node: string;
  nodeIsolated: string;
  hover: string;
  link: string;
  tagLink: string;
  /** links away from the hovered note */
  faded: string;
  label: string;
  labelHalo: string;
}

/** The hovered note and its neighbours: the rest of the graph steps back while the pointer is on a node. */
export interface Hover {
  id: string;
  neighbours: Set<string>;
}

/** node radius in graph units: grows with the square root of the connections, so hubs stand out without
 * swallowing their neighbours */
export const radiusOf = (n: { degree: number }) => 3 + 1.6 * Math.sqrt(n.degree);
/** below this many nodes every label is drawn; above, only when zoomed in or hovered */
export const ALWAYS_LABEL_MAX = 40;
/** zoom from which every label is drawn in a big graph */
const LABEL_ZOOM = 1.6;
/** a [[link]]'s arrowhead: length in graph units, width = length / 1.6, notched at a fifth of its length */
const ARROW = 4;
const ARROW_HALF_WIDTH = ARROW / 1.6 / 2;
const ARROW_NOTCH = 0.8 * ARROW;
/** links away from the hovered note and their ends: stepped back */
const FADED_ALPHA = 0.25;

const endId = (end: string | PaintNode) => (typeof end === 'string' ? end : end.id);
const placed = (end: string | PaintNode): end is PaintNode & { x: number; y: number } =>
  typeof end !== 'string' && end.x !== undefined && end.y !== undefined;

/** The notes linked to `id` either way. */
export function hoverOf(links: readonly PaintLink[], id: string): Hover {
  const neighbours = new Set<string>();
  for (const l of links) {
    if (endId(l.source) === id) neighbours.add(endId(l.target));
    if (endId(l.target) === id) neighbours.add(endId(l.source));
  }
  return { id, neighbours };
}

/** The map's value for `key`, made and stored on first use. */
function entry<K, V>(map: Map<K, V>, key: K, make: () => V): V {
  let value = map.get(key);
  if (value === undefined) {
    value = make();
    map.set(key, value);
  }
  return value;
}

interface LinkGroup {
  color: string;
  /** in screen pixels: divided by the zoom when drawn, so a line keeps its weight at every zoom */
  width: number;
  dashed: boolean;
  links: PaintLink[];
}
interface NodeGroup {
  color: string;
  alpha: number;
  nodes: PaintNode[];
}

/**
 * Paints the graph for force-graph's onRenderFramePost: links, then arrowheads, then nodes, then labels. The
 * grouping by colour, width and dash depends only on the data, the hover and the palette, so it is worked out
 * when one of them changes and each frame only walks the groups.
 */
export class GraphPainter {
  private nodes: readonly PaintNode[] = [];
  private links: readonly PaintLink[] = [];
  private palette: Palette | null = null;
  private hover: Hover | null = null;
  private linkGroups: LinkGroup[] = [];
  private arrowGroups: { color: string; links: PaintLink[] }[] = [];
  private nodeGroups: NodeGroup[] = [];
  private stale = true;

  setData(nodes: readonly PaintNode[], links: readonly PaintLink[]) {
    this.nodes = nodes;
    this.links = links;
    this.stale = true;
  }
  setPalette(palette: Palette) {
    this.palette = palette;
    this.stale = true;
  }
  setHover(hover: Hover | null) {
    this.hover = hover;
    this.stale = true;
  }
  getHover() {
    return this.hover;
  }

  private near(id: string) {
    const h = this.hover;
    return !!h && (h.id === id || h.neighbours.has(id));
  }

  private regroup(p: Palette) {
    const h = this.hover;
    const links = new Map<string, LinkGroup>();
    const arrows = new Map<string, PaintLink[]>();
    for (const l of this.links) {
      const faded = !!h && endId(l.source) !== h.id && endId(l.target) !== h.id;
      const color = faded ? p.faded : l.kind === 'link' ? p.link : p.tagLink;
      const width = 0.5 + l.strength * 1.5;
      const dashed = l.kind === 'tags';
      const key = `${color}|${width}|${dashed}`;
      entry(links, key, () => ({ color, width, dashed, links: [] })).links.push(l);
      if (l.kind === 'link') entry(arrows, color, () => []).push(l);
    }
    const nodes = new Map<string, NodeGroup>();
    for (const n of this.nodes) {
      const color = h?.id === n.id ? p.hover : n.degree > 0 ? p.node : p.nodeIsolated;
      const alpha = h && !this.near(n.id) ? FADED_ALPHA : 1;
      const key = `${color}|${alpha}`;
      entry(nodes, key, () => ({ color, alpha, nodes: [] })).nodes.push(n);
    }
    this.linkGroups = [...links.values()];
    this.arrowGroups = [...arrows].map(([color, group]) => ({ color, links: group }));
    // the stepped-back nodes first, so the hovered note and its neighbours are drawn over them
    this.nodeGroups = [...nodes.values()].sort((a, b) => a.alpha - b.alpha);
    this.stale = false;
  }

  paint(ctx: CanvasRenderingContext2D, scale: number) {
    const p = this.palette;
    if (!p) return;
    if (this.stale) this.regroup(p);
    ctx.save();
    for (const g of this.linkGroups) {
      ctx.beginPath();
      for (const l of g.links) {
        if (!placed(l.source) || !placed(l.target)) continue;
        ctx.moveTo(l.source.x, l.source.y);
        ctx.lineTo(l.target.x, l.target.y);
      }
      ctx.strokeStyle = g.color;
      ctx.lineWidth = g.width / scale;
      ctx.setLineDash(g.dashed ? [3, 3] : []);
      ctx.stroke();
    }
    ctx.setLineDash([]);
    for (const g of this.arrowGroups) {
      ctx.beginPath();
      for (const l of g.links) {
        const s = l.source;
        const t = l.target;
        if (!placed(s) || !placed(t)) continue;
        const dx = t.x - s.x;
        const dy = t.y - s.y;
        const len = Math.hypot(dx, dy);
        // the tip on the target's rim, so the arrow is not hidden under a big node
        const reach = len - radiusOf(t);
        if (reach <= ARROW) continue;
        const ux = dx / len;
        const uy = dy / len;
        const tipX = s.x + ux * reach;
        const tipY = s.y + uy * reach;
        const tailX = tipX - ux * ARROW;
        const tailY = tipY - uy * ARROW;
        ctx.moveTo(tipX, tipY);
        ctx.lineTo(tailX - uy * ARROW_HALF_WIDTH, tailY + ux * ARROW_HALF_WIDTH);
        ctx.lineTo(tipX - ux * ARROW_NOTCH, tipY - uy * ARROW_NOTCH);
        // no closePath(): fill() closes each subpath, and Chromium's closePath() grows with the path's length
        ctx.lineTo(tailX + uy * ARROW_HALF_WIDTH, tailY - ux * ARROW_HALF_WIDTH);
      }
      ctx.fillStyle = g.color;
      ctx.fill();
    }
    for (const g of this.nodeGroups) {
      ctx.beginPath();
      for (const n of g.nodes) {
        if (n.x === undefined || n.y === undefined) continue;
        const r = radiusOf(n);
        // each circle its own closed subpath: without the moveTo, arc() would join it to the previous one
        ctx.moveTo(n.x + r, n.y);
        ctx.arc(n.x, n.y, r, 0, 2 * Math.PI);
      }
      ctx.globalAlpha = g.alpha;
      ctx.fillStyle = g.color;
      ctx.fill();
    }
    ctx.globalAlpha = 1;
    this.paintLabels(ctx, scale, p);
    ctx.restore();
  }

  /** Every label in a small graph or zoomed in, else only the hovered note's and its neighbours'; only
   * those on screen. */
  private paintLabels(ctx: CanvasRenderingContext2D, scale: number, p: Palette) {
    const all = !this.hover && (this.nodes.length <= ALWAYS_LABEL_MAX || scale >= LABEL_ZOOM);
    if (!all && !this.hover) return;
    const view = visibleArea(ctx);
    ctx.font = `${11 / scale}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'top';
    ctx.lineWidth = 3 / scale;
    ctx.strokeStyle = p.labelHalo;
    ctx.fillStyle = p.label;
    const margin = 200 / scale;
    for (const n of this.nodes) {
      if (n.x === undefined || n.y === undefined) continue;
      if (!all && !this.near(n.id)) continue;
      if (n.x < view.left - margin || n.x > view.right + margin) continue;
      if (n.y < view.top - margin || n.y > view.bottom + margin) continue;
      const label = n.title.length > 32 ? `${n.title.slice(0, 31)}…` : n.title;
      const y = n.y + radiusOf(n) + 2 / scale;
      ctx.strokeText(label, n.x, y);
      ctx.fillText(label, n.x, y);
    }
  }
}

/** The canvas's area in graph units, from the context's transform (zoom, pan and device pixels). */
function visibleArea(ctx: CanvasRenderingContext2D) {
  const m = ctx.getTransform();
  const { width, height } = ctx.canvas;
  // force-graph only scales and translates: no rotation or skew
  const left = -m.e / m.a;
  const top = -m.f / m.d;
  return { left, top, right: left + width / m.a, bottom: top + height / m.d };
}
