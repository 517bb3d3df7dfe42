/**
 * Places a chart (./chart-graph.ts) with ELK's layered layout (elkjs, run in
 * the page: no network, no worker). States are boxes, nested as in the
 * machine; each compound state has an initial dot; a transition between two
 * boxes is an arrow labelled `event [guard]`; a transition without a target,
 * back to its own state, or to an ancestor or descendant is a line inside its
 * source's box, so every transition is on the chart. DOM-free: text widths
 * come from `measure`, so it runs in Node too.
 */
import {
  type ChartGraph,
  type ChartNode,
  type ChartTransition,
  isDrawnAsArrow,
  transitionLabel,
} from './chart-graph.ts';

export type LineKind = 'name' | 'meta' | 'action' | 'invoke' | 'transition';

export interface BoxLine {
  text: string;
  kind: LineKind;
  /** Set on a transition line. */
  transition?: ChartTransition;
  /** Set on an invoke line: the actor's name. */
  invokeSrc?: string;
}

export interface PlacedNode {
  node: ChartNode;
  x: number;
  y: number;
  width: number;
  height: number;
  lines: BoxLine[];
}

export interface Point {
  x: number;
  y: number;
}

export interface PlacedEdge {
  /** null: the arrow from an initial dot. */
  transition: ChartTransition | null;
  points: Point[];
  label: { text: string; x: number; y: number; width: number; height: number } | null;
}

export interface ChartLayout {
  width: number;
  height: number;
  nodes: PlacedNode[];
  edges: PlacedEdge[];
  initials: Array<{ parentId: string; x: number; y: number; size: number }>;
}

/** Width in px of `text` drawn in `font` (a canvas's measureText in the page). */
export type Measure = (text: string, font: string) => number;

export const FONTS = {
  name: '600 14px system-ui, sans-serif',
  line: '12px system-ui, sans-serif',
  label: '12px system-ui, sans-serif',
} as const;

export const LINE_HEIGHT = { name: 20, line: 16 } as const;
export const PADDING = 8;
const MAX_LINE = 64;
const INITIAL_SIZE = 12;

interface ElkLabel {
  id?: string;
  text: string;
  width: number;
  height: number;
  x?: number;
  y?: number;
}
interface ElkEdge {
  id: string;
  sources: string[];
  targets: string[];
  labels?: ElkLabel[];
  sections?: Array<{ startPoint: Point; endPoint: Point; bendPoints?: Point[] }>;
}
export interface ElkNode {
  id: string;
  width?: number;
  height?: number;
  x?: number;
  y?: number;
  children?: ElkNode[];
  edges?: ElkEdge[];
  layoutOptions?: Record<string, string>;
}
/** The part of elkjs's API the viewer uses. */
export interface ElkApi {
  layout(graph: ElkNode): Promise<ElkNode>;
}

const ROOT_OPTIONS: Record<string, string> = {
  'elk.algorithm': 'layered',
  'elk.direction': 'DOWN',
  'elk.hierarchyHandling': 'INCLUDE_CHILDREN',
  'elk.json.shapeCoords': 'ROOT',
  'elk.json.edgeCoords': 'ROOT',
  'elk.edgeRouting': 'ORTHOGONAL',
  'elk.edgeLabels.inline': 'false',
  'elk.spacing.nodeNode': '28',
  'elk.spacing.edgeNode': '16',
  'elk.spacing.edgeEdge': '10',
  'elk.spacing.edgeLabel': '4',
  'elk.layered.spacing.nodeNodeBetweenLayers': '44',
  'elk.layered.spacing.edgeNodeBetweenLayers': '16',
  'elk.layered.considerModelOrder.strategy': 'NODES_AND_EDGES',
  'elk.layered.nodePlacement.strategy': 'BRANDES_KOEPF',
  'elk.layered.cycleBreaking.strategy': 'MODEL_ORDER',
};

const clip = (value: string): string =>
  value.length > MAX_LINE ? `${value.slice(0, MAX_LINE - 1)}…` : value;

function keyOf(graph: ChartGraph, id: string): string {
  return graph.nodes.find((node) => node.id === id)?.key ?? id;
}

/** The lines a state's box shows, top to bottom. */
export function boxLines(graph: ChartGraph, node: ChartNode): BoxLine[] {
  const lines: BoxLine[] = [{ text: node.key, kind: 'name' }];
  const meta = [
    node.type === 'parallel' ? 'parallel' : '',
    node.type === 'final' ? 'final' : '',
    node.type === 'history' ? 'history' : '',
    node.parent?.type === 'parallel' ? 'region' : '',
    ...node.tags.map((tag) => `#${tag}`),
  ].filter(Boolean);
  if (meta.length > 0) lines.push({ text: meta.join('  '), kind: 'meta' });
  if (node.entry.length > 0)
    lines.push({ text: clip(`entry / ${node.entry.join(', ')}`), kind: 'action' });
  if (node.exit.length > 0)
    lines.push({ text: clip(`exit / ${node.exit.join(', ')}`), kind: 'action' });
  for (const invoke of node.invokes) {
    const named = invoke.id === invoke.src ? invoke.src : `${invoke.src} (${invoke.id})`;
    lines.push({
      text: clip(`invoke ▸ ${named}${invoke.isMachine ? ' — machine' : ''}`),
      kind: 'invoke',
      invokeSrc: invoke.src,
    });
  }
  for (const transition of graph.transitions) {
    if (transition.source !== node.id || isDrawnAsArrow(graph, transition)) continue;
    const label = transitionLabel(transition);
    let line: string;
    if (transition.targets.length === 0) {
      line = transition.actions.length > 0 ? `${label} / ${transition.actions.join(', ')}` : label;
    } else if (transition.targets.every((target) => target === node.id)) {
      line = `${label} ↻`;
    } else {
      line = `${label} → ${transition.targets.map((target) => keyOf(graph, target)).join(', ')}`;
    }
    lines.push({ text: clip(line), kind: 'transition', transition });
  }
  return lines;
}

function linesSize(lines: BoxLine[], measure: Measure): { width: number; height: number } {
  let width = 0;
  let height = PADDING;
  for (const line of lines) {
    const font = line.kind === 'name' ? FONTS.name : FONTS.line;
    width = Math.max(width, measure(line.text, font));
    height += line.kind === 'name' ? LINE_HEIGHT.name : LINE_HEIGHT.line;
  }
  return { width: Math.ceil(width) + 2 * PADDING, height: height + PADDING };
}

const elkId = (id: string) => `n:${id}`;

function lowestCommonAncestor(a: ChartNode, b: ChartNode): ChartNode | null {
  const ancestorsOfA = new Set<ChartNode>();
  for (let current = a.parent; current; current = current.parent) ancestorsOfA.add(current);
  for (let current = b.parent; current; current = current.parent) {
    if (ancestorsOfA.has(current)) return current;
  }
  return null;
}

/** Lays the chart out; resolves to every box, arrow and label with its place. */
export async function layoutChart(
  graph: ChartGraph,
  elk: ElkApi,
  measure: Measure,
): Promise<ChartLayout> {
  const lines = new Map(graph.nodes.map((node) => [node.id, boxLines(graph, node)]));
  const elkNodes = new Map<string, ElkNode>();
  const byId = new Map(graph.nodes.map((node) => [node.id, node]));

  const build = (node: ChartNode): ElkNode => {
    const size = linesSize(lines.get(node.id) ?? [], measure);
    const width = Math.max(size.width, 72);
    let elkNode: ElkNode;
    if (node.children.length === 0) {
      elkNode = { id: elkId(node.id), width, height: size.height };
    } else {
      const children: ElkNode[] = [];
      const edges: ElkEdge[] = [];
      if (node.type === 'compound' && node.initial) {
        const initialId = `i:${node.id}`;
        children.push({ id: initialId, width: INITIAL_SIZE, height: INITIAL_SIZE });
        const first = node.children.find((child) => child.key === node.initial);
        if (first) {
          edges.push({ id: `ie:${node.id}`, sources: [initialId], targets: [elkId(first.id)] });
        }
      }
      children.push(...node.children.map(build));
      elkNode = {
        id: elkId(node.id),
        children,
        edges,
        layoutOptions: {
          'elk.padding': `[top=${size.height + 8},left=16,bottom=16,right=16]`,
          'elk.nodeSize.constraints': '[MINIMUM_SIZE]',
          'elk.nodeSize.minimum': `(${width}, ${size.height + 40})`,
        },
      };
    }
    elkNodes.set(node.id, elkNode);
    return elkNode;
  };
  const rootNode = build(graph.root);

  for (const transition of graph.transitions) {
    if (!isDrawnAsArrow(graph, transition)) continue;
    const source = byId.get(transition.source);
    for (const [index, targetId] of transition.targets.entries()) {
      const target = byId.get(targetId);
      if (!source || !target) continue;
      const container = lowestCommonAncestor(source, target) ?? graph.root;
      const text = transitionLabel(transition);
      const edge: ElkEdge = {
        id: `e:${transition.id}:${index}`,
        sources: [elkId(source.id)],
        targets: [elkId(target.id)],
        labels: [{ text, width: Math.ceil(measure(text, FONTS.label)) + 8, height: 16 }],
      };
      const holder = elkNodes.get(container.id);
      if (holder) {
        holder.edges ??= [];
        holder.edges.push(edge);
      }
    }
  }

  const laid = await elk.layout({
    id: 'chart',
    layoutOptions: ROOT_OPTIONS,
    children: [rootNode],
  });

  const layout: ChartLayout = { width: 0, height: 0, nodes: [], edges: [], initials: [] };
  const transitionsById = new Map(graph.transitions.map((t) => [t.id, t]));
  const collect = (elkNode: ElkNode) => {
    const x = elkNode.x ?? 0;
    const y = elkNode.y ?? 0;
    const width = elkNode.width ?? 0;
    const height = elkNode.height ?? 0;
    if (elkNode.id.startsWith('n:')) {
      const node = byId.get(elkNode.id.slice(2));
      if (node) layout.nodes.push({ node, x, y, width, height, lines: lines.get(node.id) ?? [] });
    } else if (elkNode.id.startsWith('i:')) {
      layout.initials.push({ parentId: elkNode.id.slice(2), x, y, size: width });
    }
    layout.width = Math.max(layout.width, x + width);
    layout.height = Math.max(layout.height, y + height);
    for (const edge of elkNode.edges ?? []) {
      const transitionId = edge.id.startsWith('e:') ? (edge.id.split(':')[1] ?? '') : '';
      const points = (edge.sections ?? []).flatMap((section) => [
        section.startPoint,
        ...(section.bendPoints ?? []),
        section.endPoint,
      ]);
      const label = edge.labels?.[0];
      layout.edges.push({
        transition: transitionsById.get(transitionId) ?? null,
        points,
        label:
          label && label.x !== undefined && label.y !== undefined
            ? { text: label.text, x: label.x, y: label.y, width: label.width, height: label.height }
            : null,
      });
    }
    for (const child of elkNode.children ?? []) collect(child);
  };
  for (const child of laid.children ?? []) collect(child);
  layout.width = Math.ceil(layout.width + 16);
  layout.height = Math.ceil(layout.height + 16);
  return layout;
}
