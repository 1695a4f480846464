import type { NoteConnection } from '@mindpath/contracts/notes';
import { NOTE_MESSAGES } from '@mindpath/contracts/notes-constants';
import { Button } from '@mindpath/ui/button';
import { Notification } from '@mindpath/ui/notification';
import { countOf } from '@mindpath/ui/plural';
import { useTheme } from '@mindpath/ui/theme';
import ForceGraph from 'force-graph';
import { useEffect, useMemo, useRef, useState } from 'react';
import { graphLabel } from '../utils/graph-label.ts';
import {
  GraphPainter,
  hoverOf,
  type PaintLink,
  type PaintNode,
  type Palette,
  radiusOf,
} from '../utils/graph-paint.ts';
import type { NoteModel } from '../utils/note-model.ts';
import { motionMs, prefersReducedMotion } from '../utils/reduced-motion.ts';
import { GraphNoteList } from './graph-note-list.tsx';
import styles from './knowledge-base.module.css';
import { prefetchNoteContent } from './lazy-note-content.tsx';

type GraphNode = PaintNode;
type GraphLink = PaintLink;
type Graph = ForceGraph<GraphNode, GraphLink>;

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

/** force-graph paints nothing itself: the painter draws the whole frame after the layout's tick */
const paintNothing = () => {};
/** A repaint of a graph at rest (a hover, a theme): force-graph redraws when a paint accessor is set. */
const repaint = (graph: Graph) => graph.nodeCanvasObject(paintNothing);

const BIG_GRAPH = 300;
/** a few notes would otherwise be blown up to fill the view */
const FIT_MAX_ZOOM = 2.5;
function fit(graph: Graph | null) {
  if (!graph) return;
  graph.zoomToFit(0, 56);
  const zoom = graph.zoom();
  graph.zoom(Math.min(zoom, FIT_MAX_ZOOM), 0);
}

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
  const painterRef = useRef<GraphPainter | null>(null);
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
    const painter = new GraphPainter();
    painter.setPalette(readPalette(box));
    painterRef.current = painter;
    const graph: Graph = new ForceGraph<GraphNode, GraphLink>(box)
      .width(box.clientWidth)
      .height(box.clientHeight)
      .backgroundColor('rgba(0,0,0,0)')
      .nodeId('id')
      // an element, not a string: force-graph would take the title as HTML
      .nodeLabel((n) => graphLabel(n.title))
      // force-graph's own painting (a path per node and per arrow) replaced by the painter's batched frame;
      // its shadow canvas still gets every node, which is what hover, click and drag find them by
      .nodeCanvasObject(paintNothing)
      .linkCanvasObject(paintNothing)
      .onRenderFramePost((ctx, scale) => painter.paint(ctx, scale))
      .nodePointerAreaPaint((node, color, ctx) => {
        ctx.beginPath();
        ctx.arc(node.x ?? 0, node.y ?? 0, radiusOf(node) + 2, 0, 2 * Math.PI);
        ctx.fillStyle = color;
        ctx.fill();
      })
      // links answer no pointer: off the hover canvas, which force-graph repaints every 800 ms while dragging
      .linkPointerAreaPaint(paintNothing)
      .onNodeHover((node) => {
        painter.setHover(node ? hoverOf(graph.graphData().links, node.id) : null);
        box.style.cursor = node ? 'pointer' : '';
        if (node) prefetchNoteContent();
        repaint(graph);
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
      painterRef.current = null;
    };
  }, []);

  useEffect(() => {
    setReady(false);
    // a big graph lays out its first ticks before the first paint and cools sooner, so it settles in
    // seconds rather than drifting on screen
    // (with reduced motion the whole layout is computed before it is shown: no drift at all)
    const big = data.nodes.length > BIG_GRAPH;
    const still = prefersReducedMotion();
    painterRef.current?.setData(data.nodes, data.links);
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
    painterRef.current?.setPalette(readPalette(boxRef.current));
    repaint(graphRef.current);
  }, [theme]);

  // a note focused in the keyboard list: highlighted as on hover and brought into view
  const focusNode = (id: string | null) => {
    const g = graphRef.current;
    if (!g) return;
    painterRef.current?.setHover(id ? hoverOf(g.graphData().links, id) : null);
    repaint(g);
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
      <div className={`row-between ${styles.graphBar}`}>
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
