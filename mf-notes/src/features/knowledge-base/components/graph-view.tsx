import type { NoteConnection } from '@mindpath/contracts/notes';
import { NOTE_MESSAGES } from '@mindpath/contracts/notes-constants';
import { Button } from '@mindpath/ui/button';
import { Notification } from '@mindpath/ui/notification';
import { countOf } from '@mindpath/ui/plural';
import { useTheme } from '@mindpath/ui/theme';
import ForceGraph from 'force-graph';
import { useEffect, useMemo, useRef, useState } from 'react';
import { graphLabel } from '../utils/graph-label.ts';
import type { NoteModel } from '../utils/note-model.ts';
import { motionMs, prefersReducedMotion } from '../utils/reduced-motion.ts';
import { GraphNoteList } from './graph-note-list.tsx';
import styles from './knowledge-base.module.css';
import { prefetchNoteContent } from './lazy-note-content.tsx';

interface GraphNode {
  id: string;
  title: string;
  degree: number;
  x?: number;
  y?: number;
}
interface GraphLink {
  source: string | GraphNode;
  target: string | GraphNode;
  strength: number;
  kind: NoteConnection['kind'];
}
type Graph = ForceGraph<GraphNode, GraphLink>;

interface Palette {
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

/** The theme's colours, read from the design tokens so the canvas matches light and dark. */
function readPalette(el: HTMLElement): Palette {
  const css = getComputedStyle(el);
  const v = (name: string) => css.getPropertyValue(name).trim();
  return {
    node: v('--color-accent'),
    nodeIsolated: v('--color-text-subtle'),
    hover: v('--color-warning'),
    link: v('--color-accent'),
    tagLink: v('--color-text-subtle'),
    faded: v('--color-border'),
    label: v('--color-text'),
    labelHalo: v('--color-bg'),
  };
}

/** The hovered note and its neighbours: the rest of the graph steps back while the pointer is on a node. */
interface Hover {
  id: string;
  neighbours: Set<string>;
}
const endId = (end: string | GraphNode) => (typeof end === 'string' ? end : end.id);

function hoverOf(graph: Graph, id: string): Hover {
  const neighbours = new Set<string>();
  for (const l of graph.graphData().links) {
    if (endId(l.source) === id) neighbours.add(endId(l.target));
    if (endId(l.target) === id) neighbours.add(endId(l.source));
  }
  return { id, neighbours };
}

const linkColor =
  (palette: { current: Palette | null }, hover: { current: Hover | null }) => (l: GraphLink) => {
    const p = palette.current!;
    const h = hover.current;
    if (h && endId(l.source) !== h.id && endId(l.target) !== h.id) return p.faded;
    return l.kind === 'link' ? p.link : p.tagLink;
  };

const BIG_GRAPH = 300;
/** a few notes would otherwise be blown up to fill the view */
const FIT_MAX_ZOOM = 2.5;
function fit(graph: Graph | null) {
  if (!graph) return;
  graph.zoomToFit(0, 56);
  const zoom = graph.zoom();
  graph.zoom(Math.min(zoom, FIT_MAX_ZOOM), 0);
}

/** node radius in graph units: grows with the square root of the connections, so hubs stand out without
 * swallowing their neighbours */
const radiusOf = (n: GraphNode) => 3 + 1.6 * Math.sqrt(n.degree);
/** below this many nodes every label is drawn; above, only when zoomed in or hovered */
const ALWAYS_LABEL_MAX = 40;

/**
 * The knowledge graph (force-graph on a 2D canvas): notes as nodes sized by their connections, [[links]] as
 * solid arrows and shared tags as dashed lines, weighted by strength. Wheel or pinch zooms, dragging the
 * background pans, dragging a node moves it, clicking a node opens the note.
 */
export default function GraphView({
  notes,
  connections,
  failed,
  onRetry,
  onOpen,
}: {
  notes: NoteModel[];
  connections: NoteConnection[] | undefined;
  failed: boolean;
  onRetry: () => void;
  onOpen: (id: string) => void;
}) {
  const boxRef = useRef<HTMLDivElement>(null);
  const graphRef = useRef<Graph | null>(null);
  const paletteRef = useRef<Palette | null>(null);
  const hoverRef = useRef<Hover | null>(null);
  const openRef = useRef(onOpen);
  openRef.current = onOpen;
  const { theme } = useTheme();
  const [ready, setReady] = useState(false);

  const data = useMemo(() => {
    const ids = new Set(notes.map((n) => n.id));
    const links: GraphLink[] = (connections ?? [])
      .filter((c) => ids.has(c.sourceId) && ids.has(c.targetId))
      .map((c) => ({ source: c.sourceId, target: c.targetId, strength: c.strength, kind: c.kind }));
    const degree = new Map<string, number>();
    for (const l of links) {
      degree.set(l.source as string, (degree.get(l.source as string) ?? 0) + 1);
      degree.set(l.target as string, (degree.get(l.target as string) ?? 0) + 1);
    }
    const nodes: GraphNode[] = notes.map((n) => ({
      id: n.id,
      title: n.title,
      degree: degree.get(n.id) ?? 0,
    }));
    return { nodes, links };
  }, [notes, connections]);

  // one graph instance for the life of the view
  useEffect(() => {
    const box = boxRef.current;
    if (!box) return;
    paletteRef.current = readPalette(box);
    const graph: Graph = new ForceGraph<GraphNode, GraphLink>(box)
      .width(box.clientWidth)
      .height(box.clientHeight)
      .backgroundColor('rgba(0,0,0,0)')
      .nodeId('id')
      // an element, not a string: force-graph would take the title as HTML
      .nodeLabel((n) => graphLabel(n.title))
      .nodeCanvasObject((node, ctx, scale) => {
        const p = paletteRef.current!;
        const r = radiusOf(node);
        const hover = hoverRef.current;
        const hovered = hover?.id === node.id;
        const near = hovered || (hover?.neighbours.has(node.id) ?? false);
        ctx.globalAlpha = hover && !near ? 0.25 : 1;
        ctx.beginPath();
        ctx.arc(node.x ?? 0, node.y ?? 0, r, 0, 2 * Math.PI);
        ctx.fillStyle = hovered ? p.hover : node.degree > 0 ? p.node : p.nodeIsolated;
        ctx.fill();
        const count = graph.graphData().nodes.length;
        if (!near && (hover || (count > ALWAYS_LABEL_MAX && scale < 1.6))) {
          ctx.globalAlpha = 1;
          return;
        }
        const size = 11 / scale;
        ctx.font = `${size}px system-ui, sans-serif`;
        ctx.textAlign = 'center';
        ctx.textBaseline = 'top';
        const label = node.title.length > 32 ? `${node.title.slice(0, 31)}…` : node.title;
        const y = (node.y ?? 0) + r + 2 / scale;
        ctx.lineWidth = 3 / scale;
        ctx.strokeStyle = p.labelHalo;
        ctx.strokeText(label, node.x ?? 0, y);
        ctx.fillStyle = p.label;
        ctx.fillText(label, node.x ?? 0, y);
        ctx.globalAlpha = 1;
      })
      .nodePointerAreaPaint((node, color, ctx) => {
        ctx.beginPath();
        ctx.arc(node.x ?? 0, node.y ?? 0, radiusOf(node) + 2, 0, 2 * Math.PI);
        ctx.fillStyle = color;
        ctx.fill();
      })
      .linkColor(linkColor(paletteRef, hoverRef))
      .linkWidth((l) => 0.5 + l.strength * 1.5)
      .linkLineDash((l) => (l.kind === 'tags' ? [3, 3] : null))
      .linkDirectionalArrowLength((l) => (l.kind === 'link' ? 4 : 0))
      .linkDirectionalArrowRelPos(1)
      .onNodeHover((node) => {
        hoverRef.current = node ? hoverOf(graph, node.id) : null;
        box.style.cursor = node ? 'pointer' : '';
        if (node) prefetchNoteContent();
        // a new accessor is what makes force-graph repaint a graph at rest
        graph.linkColor(linkColor(paletteRef, hoverRef));
      })
      .onNodeClick((node) => openRef.current(node.id))
      .onEngineStop(() => setReady(true));
    // links pull close, shared tags only loosely; nodes push each other apart more than by default
    graph.d3Force('charge')?.strength(-60);
    graph
      .d3Force('link')
      ?.distance((l: GraphLink) => (l.kind === 'link' ? 36 : 70))
      .strength((l: GraphLink) => (l.kind === 'link' ? 0.4 : 0.04));
    graphRef.current = graph;
    const resize = new ResizeObserver(() => graph.width(box.clientWidth).height(box.clientHeight));
    resize.observe(box);
    return () => {
      resize.disconnect();
      graph._destructor();
      box.replaceChildren();
      graphRef.current = null;
    };
  }, []);

  useEffect(() => {
    setReady(false);
    // a big graph lays out its first ticks before the first paint and cools sooner, so it settles in
    // seconds rather than drifting on screen
    // (with reduced motion the whole layout is computed before it is shown: no drift at all)
    const big = data.nodes.length > BIG_GRAPH;
    const still = prefersReducedMotion();
    graphRef.current
      ?.warmupTicks(still ? 200 : big ? 60 : 0)
      .cooldownTicks(still ? 0 : big ? 100 : 200)
      .graphData(data);
  }, [data]);

  // fit the first settled layout into view
  useEffect(() => {
    if (ready) fit(graphRef.current);
  }, [ready]);

  // theme switch: new colours, one redraw
  // biome-ignore lint/correctness/useExhaustiveDependencies: the tokens are re-read when the theme changes
  useEffect(() => {
    if (!boxRef.current || !graphRef.current) return;
    paletteRef.current = readPalette(boxRef.current);
    // a new accessor makes force-graph repaint even when the layout is at rest
    graphRef.current.linkColor(linkColor(paletteRef, hoverRef));
  }, [theme]);

  // a note focused in the keyboard list: highlighted as on hover and brought into view
  const focusNode = (id: string | null) => {
    const g = graphRef.current;
    if (!g) return;
    hoverRef.current = id ? hoverOf(g, id) : null;
    g.linkColor(linkColor(paletteRef, hoverRef));
    if (id) prefetchNoteContent();
    const node = id ? g.graphData().nodes.find((n) => n.id === id) : undefined;
    if (node?.x !== undefined && node.y !== undefined) g.centerAt(node.x, node.y, motionMs(300));
  };

  const zoomBy = (factor: number) => {
    const g = graphRef.current;
    if (g) g.zoom(g.zoom() * factor, motionMs(200));
  };
  const links = data.links.filter((l) => l.kind === 'link').length;

  return (
    <section className={styles.graphPanel} aria-label="Knowledge graph">
      {failed ? (
        <Notification kind="error" title={NOTE_MESSAGES.loadFailed}>
          <Button size="sm" variant="secondary" onClick={onRetry}>
            Retry
          </Button>
        </Notification>
      ) : null}
      <div className={styles.graphBar}>
        <p className={styles.muted}>
          {countOf(data.nodes.length, 'note', 'notes')} · {countOf(links, 'link', 'links')} ·{' '}
          {countOf(data.links.length - links, 'shared-tag tie', 'shared-tag ties')}
        </p>
        <div className={styles.graphControls}>
          <Button size="sm" variant="ghost" onClick={() => zoomBy(1.4)} aria-label="Zoom in">
            +
          </Button>
          <Button size="sm" variant="ghost" onClick={() => zoomBy(1 / 1.4)} aria-label="Zoom out">
            −
          </Button>
          <Button size="sm" variant="ghost" onClick={() => fit(graphRef.current)}>
            Fit
          </Button>
        </div>
      </div>
      <div className={styles.graphStage}>
        <GraphNoteList nodes={data.nodes} onFocusNode={focusNode} onOpen={onOpen} />
        <div
          ref={boxRef}
          className={styles.graphCanvas}
          role="img"
          aria-label={`Graph of ${countOf(data.nodes.length, 'note', 'notes')} and ${countOf(data.links.length, 'connection', 'connections')}. Click a note to open it, or use the list of notes before it.`}
          data-ready={ready ? 'true' : 'false'}
        />
      </div>
      <p className={styles.graphLegend}>
        <span className={styles.legendLink}>[[link]]</span>
        <span className={styles.legendTags}>shared tags</span>
        <span>Bigger dots have more connections. Drag to move, scroll to zoom.</span>
      </p>
    </section>
  );
}
