// @vitest-environment node
/**
 * The offline charts viewer's reading and layout (tests/tools/charts-viewer/):
 * targets resolved as XState resolves them, every way a config writes a
 * transition, inline invoked machines, unknown targets reported; and every
 * committed chart laid out by ELK with each state inside its parent. Its
 * drawing in Chromium is tests/e2e/charts-viewer.spec.ts.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import ELK from 'elkjs/lib/elk.bundled.js';
import { describe, expect, it } from 'vitest';
import {
  buildChartGraph,
  type ChartGraph,
  isDrawnAsArrow,
  transitionLabel,
} from '../tools/charts-viewer/chart-graph.ts';
import { boxLines, type ElkApi, layoutChart } from '../tools/charts-viewer/chart-layout.ts';

const CHARTS = join(import.meta.dirname, '../../docs/charts');

const config = {
  id: 'door',
  description: 'A door.',
  initial: 'closed',
  on: { 'door.reset': '.closed' },
  states: {
    closed: {
      description: 'Shut.',
      tags: ['quiet'],
      on: {
        'door.open': [
          { guard: 'isUnlocked', target: 'open', actions: ['creak'], description: 'It opens.' },
          { actions: { type: 'rattle' } },
        ],
        'door.knock': { target: '#door.open.ajar' },
      },
      after: { 500: 'open' },
    },
    open: {
      id: 'doorOpen',
      initial: 'ajar',
      entry: 'light',
      states: {
        ajar: { always: { guard: { type: 'isWindy' }, target: 'wide' } },
        wide: { type: 'final' },
      },
      onDone: 'closed',
      invoke: {
        id: 'watch',
        src: { id: 'watcher', initial: 'looking', states: { looking: {} } },
        onDone: '#door.closed',
        onError: { target: 'nowhere' },
      },
    },
    both: {
      type: 'parallel',
      states: { left: {}, right: {} },
      on: { 'door.slam': { target: ['#doorOpen.ajar'] } },
    },
  },
};

function transition(graph: ChartGraph, eventType: string, index = 0) {
  const found = graph.transitions.filter((t) => t.eventType === eventType)[index];
  if (!found) throw new Error(`no ${eventType}`);
  return found;
}

describe('buildChartGraph', () => {
  const graph = buildChartGraph(config);

  it('reads every state with its id, kind, description, tags and actions', () => {
    expect(graph.nodes.map((n) => [n.id, n.type])).toEqual([
      ['door', 'compound'],
      ['door.closed', 'atomic'],
      ['doorOpen', 'compound'],
      ['door.open.ajar', 'atomic'],
      ['door.open.wide', 'final'],
      ['door.both', 'parallel'],
      ['door.both.left', 'atomic'],
      ['door.both.right', 'atomic'],
    ]);
    const closed = graph.nodes[1];
    expect(closed?.description).toBe('Shut.');
    expect(closed?.tags).toEqual(['quiet']);
    expect(graph.nodes[2]?.entry).toEqual(['light']);
    expect(graph.root.initial).toBe('closed');
  });

  it('resolves targets as XState does: siblings, .child, #id and #id.path', () => {
    expect(transition(graph, 'door.open').targets).toEqual(['doorOpen']);
    expect(transition(graph, 'door.reset').targets).toEqual(['door.closed']);
    expect(transition(graph, 'door.knock').targets).toEqual(['door.open.ajar']);
    expect(transition(graph, 'door.slam').targets).toEqual(['door.open.ajar']);
    expect(transition(graph, 'always').targets).toEqual(['door.open.wide']);
  });

  it('labels events, guards and actions; a transition without target keeps its actions', () => {
    const guarded = transition(graph, 'door.open');
    expect(transitionLabel(guarded)).toBe('door.open [isUnlocked]');
    expect(guarded.actions).toEqual(['creak']);
    expect(guarded.description).toBe('It opens.');
    const fallback = transition(graph, 'door.open', 1);
    expect(fallback.targets).toEqual([]);
    expect(fallback.actions).toEqual(['rattle']);
    expect(transitionLabel(transition(graph, 'always'))).toBe('always [isWindy]');
    expect(transition(graph, 'after 500').event).toBe('after 500 ms');
    expect(transition(graph, 'xstate.done.actor.watch').event).toBe('watch done');
    expect(transition(graph, 'xstate.error.actor.watch').event).toBe('watch failed');
    expect(transition(graph, 'xstate.done.state.doorOpen').event).toBe('done');
  });

  it('lists an inline invoked machine as a chart of its own and reports unknown targets', () => {
    expect(graph.nodes[2]?.invokes).toEqual([
      { id: 'watch', src: 'watcher', isMachine: true, description: '' },
    ]);
    expect(graph.invokedCharts.map((c) => c.name)).toEqual(['door › watch']);
    expect(buildChartGraph(graph.invokedCharts[0]?.config).nodes).toHaveLength(2);
    expect(graph.problems).toEqual([
      '"xstate.error.actor.watch" from doorOpen: no state "nowhere".',
    ]);
  });

  it('draws arrows between boxes and writes the others inside their source box', () => {
    expect(isDrawnAsArrow(graph, transition(graph, 'door.open'))).toBe(true);
    // No target, or to a descendant of the source: a line in the box.
    expect(isDrawnAsArrow(graph, transition(graph, 'door.open', 1))).toBe(false);
    expect(isDrawnAsArrow(graph, transition(graph, 'door.reset'))).toBe(false);
    const rootLines = boxLines(graph, graph.root).map((line) => line.text);
    expect(rootLines).toEqual(['door', 'door.reset → closed']);
    const closedLines = boxLines(graph, graph.nodes[1] as ChartGraph['nodes'][number]);
    expect(closedLines.map((line) => line.text)).toEqual([
      'closed',
      '#quiet',
      'door.open / rattle',
    ]);
  });
});

describe('every committed chart', () => {
  const files = readdirSync(CHARTS).filter((file) => file.endsWith('.json'));
  const elk = new ELK() as unknown as ElkApi;

  it.each(files)(
    '%s is read without problems and laid out with each state inside its parent',
    async (file) => {
      const graph = buildChartGraph(JSON.parse(readFileSync(join(CHARTS, file), 'utf8')));
      expect(graph.problems).toEqual([]);
      const layout = await layoutChart(graph, elk, (text) => text.length * 7);
      expect(layout.nodes).toHaveLength(graph.nodes.length);
      const box = new Map(layout.nodes.map((placed) => [placed.node.id, placed]));
      for (const placed of layout.nodes) {
        expect(placed.width).toBeGreaterThan(0);
        const parent = placed.node.parent ? box.get(placed.node.parent.id) : null;
        if (!parent) continue;
        expect(placed.x).toBeGreaterThanOrEqual(parent.x);
        expect(placed.y).toBeGreaterThanOrEqual(parent.y);
        expect(placed.x + placed.width).toBeLessThanOrEqual(parent.x + parent.width);
        expect(placed.y + placed.height).toBeLessThanOrEqual(parent.y + parent.height);
      }
      const arrows = graph.transitions.filter((t) => isDrawnAsArrow(graph, t));
      const drawn = new Set(layout.edges.flatMap((e) => (e.transition ? [e.transition.id] : [])));
      expect(drawn).toEqual(new Set(arrows.map((t) => t.id)));
      for (const edge of layout.edges) expect(edge.points.length).toBeGreaterThanOrEqual(2);
    },
  );
});
