/**
 * Reads one exported chart (docs/charts/<machine>.json: the machine config as
 * `npm run charts` writes it) into the states and transitions the viewer
 * draws. Pure and DOM-free (unit-tested in tests/tools/charts-viewer/).
 *
 * Targets are resolved as XState v5 does: `#id` and `#id.a.b` by state id,
 * `.child` below the source, anything else among the source's siblings.
 * Every way a transition is written in a config counts: `on`, `always`,
 * `after`, the state's `onDone`, and each invoke's `onDone`, `onError` and
 * `onSnapshot`. An invoke whose `src` is itself a machine config (rather than
 * a name) is returned in `invokedCharts`, to be drawn as a chart of its own.
 */

export type ChartNodeType = 'atomic' | 'compound' | 'parallel' | 'final' | 'history';

export interface ChartInvoke {
  /** The invoke's id (its done/error events name it). */
  id: string;
  /** The actor's name in `setup({ actors })`, or the id of an inline machine config. */
  src: string;
  /** True when `src` was a machine config drawn as a chart of its own. */
  isMachine: boolean;
  description: string;
}

export interface ChartNode {
  /** As XState names it: the custom `id`, else the machine id and the path joined by dots. */
  id: string;
  key: string;
  /** Keys from the root (empty for the root). */
  path: string[];
  type: ChartNodeType;
  description: string;
  tags: string[];
  entry: string[];
  exit: string[];
  invokes: ChartInvoke[];
  children: ChartNode[];
  parent: ChartNode | null;
  /** Key of the initial child (compound states). */
  initial: string | null;
}

export interface ChartTransition {
  /** t0, t1, … in document order. */
  id: string;
  /** Id of the state the transition is defined on. */
  source: string;
  /** Ids of the target states; empty: no target (actions only). */
  targets: string[];
  /** The event as written: `billing.submit`, `xstate.done.actor.signUp`, `after 500`, `always`. */
  eventType: string;
  /** How the chart labels it: `billing.submit`, `signUp done`, `signUp failed`, `after 500 ms`. */
  event: string;
  guard: string | null;
  actions: string[];
  description: string;
  reenter: boolean;
}

export interface InvokedChart {
  /** `<parent machine> › <invoke id>` */
  name: string;
  config: unknown;
}

export interface ChartGraph {
  id: string;
  description: string;
  root: ChartNode;
  /** Every state, root first, in document order. */
  nodes: ChartNode[];
  transitions: ChartTransition[];
  invokedCharts: InvokedChart[];
  /** What could not be read (an unknown target…), in plain words. */
  problems: string[];
}

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const asArray = (value: unknown): unknown[] =>
  value === undefined || value === null ? [] : Array.isArray(value) ? value : [value];

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** An action as written: a name, `{ type }`, or a function JSON could not keep. */
function actionName(action: unknown): string {
  if (typeof action === 'string') return action;
  if (isObject(action) && typeof action.type === 'string') return action.type;
  return '(inline action)';
}

function guardName(guard: unknown): string | null {
  if (guard === undefined || guard === null) return null;
  if (typeof guard === 'string') return guard;
  if (isObject(guard) && typeof guard.type === 'string') return guard.type;
  return '(inline guard)';
}

/** A machine config, or a serialised machine whose `config` is one. */
function machineConfigOf(src: unknown): Json | null {
  if (!isObject(src)) return null;
  if (isObject(src.states) || typeof src.initial === 'string') return src;
  if (isObject(src.config)) return machineConfigOf(src.config);
  return null;
}

export function eventLabel(eventType: string): string {
  return eventType
    .replace(/^xstate\.done\.actor\.(.+)$/, '$1 done')
    .replace(/^xstate\.error\.actor\.(.+)$/, '$1 failed')
    .replace(/^xstate\.snapshot\.(.+)$/, '$1 snapshot')
    .replace(/^xstate\.done\.state\..*$/, 'done')
    .replace(/^after (\d+)$/, 'after $1 ms');
}

interface PendingTransition {
  source: ChartNode;
  eventType: string;
  config: unknown;
}

export function buildChartGraph(config: unknown, fallbackId = 'machine'): ChartGraph {
  if (!isObject(config)) throw new Error('A chart must be a JSON object (a machine config).');
  const machineId = text(config.id) || fallbackId;
  const nodes: ChartNode[] = [];
  const byId = new Map<string, ChartNode>();
  const pending: PendingTransition[] = [];
  const invokedCharts: InvokedChart[] = [];
  const problems: string[] = [];

  const visit = (
    stateConfig: Json,
    key: string,
    path: string[],
    parent: ChartNode | null,
  ): ChartNode => {
    const childConfigs = isObject(stateConfig.states) ? stateConfig.states : {};
    const childKeys = Object.keys(childConfigs);
    const declared = text(stateConfig.type);
    const type: ChartNodeType =
      declared === 'parallel' || declared === 'final' || declared === 'history'
        ? declared
        : childKeys.length > 0
          ? 'compound'
          : 'atomic';
    const node: ChartNode = {
      id: text(stateConfig.id) || [machineId, ...path].join('.'),
      key,
      path,
      type,
      description: text(stateConfig.description),
      tags: asArray(stateConfig.tags).map(String),
      entry: asArray(stateConfig.entry).map(actionName),
      exit: asArray(stateConfig.exit).map(actionName),
      invokes: [],
      children: [],
      parent,
      initial: type === 'compound' ? text(stateConfig.initial) || childKeys[0] || null : null,
    };
    nodes.push(node);
    if (byId.has(node.id)) problems.push(`Two states have the id "${node.id}".`);
    byId.set(node.id, node);

    for (const [index, invoke] of asArray(stateConfig.invoke).entries()) {
      if (!isObject(invoke)) continue;
      const inline = machineConfigOf(invoke.src);
      const id =
        text(invoke.id) ||
        text(invoke.src) ||
        (inline && text(inline.id)) ||
        `${node.id}:invocation[${index}]`;
      const src = typeof invoke.src === 'string' ? invoke.src : (inline && text(inline.id)) || id;
      node.invokes.push({
        id,
        src,
        isMachine: inline !== null,
        description: text(invoke.description),
      });
      if (inline) invokedCharts.push({ name: `${machineId} › ${id}`, config: inline });
      for (const [field, prefix] of [
        ['onDone', 'xstate.done.actor.'],
        ['onError', 'xstate.error.actor.'],
        ['onSnapshot', 'xstate.snapshot.'],
      ] as const) {
        if (invoke[field] !== undefined) {
          pending.push({ source: node, eventType: `${prefix}${id}`, config: invoke[field] });
        }
      }
    }
    if (isObject(stateConfig.on)) {
      for (const [eventType, transition] of Object.entries(stateConfig.on)) {
        pending.push({ source: node, eventType, config: transition });
      }
    }
    if (stateConfig.always !== undefined) {
      pending.push({ source: node, eventType: 'always', config: stateConfig.always });
    }
    if (isObject(stateConfig.after)) {
      for (const [delay, transition] of Object.entries(stateConfig.after)) {
        pending.push({ source: node, eventType: `after ${delay}`, config: transition });
      }
    }
    if (stateConfig.onDone !== undefined) {
      pending.push({
        source: node,
        eventType: `xstate.done.state.${node.id}`,
        config: stateConfig.onDone,
      });
    }

    for (const childKey of childKeys) {
      const child = childConfigs[childKey];
      if (isObject(child)) node.children.push(visit(child, childKey, [...path, childKey], node));
    }
    return node;
  };

  const root = visit(config, machineId, [], null);
  root.id = machineId;
  byId.set(machineId, root);

  const descend = (from: ChartNode, keys: string[]): ChartNode | null => {
    let node: ChartNode | undefined = from;
    for (const key of keys) {
      node = node?.children.find((child) => child.key === key);
      if (!node) return null;
    }
    return node ?? null;
  };

  const resolve = (source: ChartNode, target: string): ChartNode | null => {
    if (target.startsWith('#')) {
      const ref = target.slice(1);
      const whole = byId.get(ref);
      if (whole) return whole;
      const [first = '', ...rest] = ref.split('.');
      const base = byId.get(first);
      return base ? descend(base, rest) : null;
    }
    if (target.startsWith('.')) return descend(source, target.slice(1).split('.'));
    return source.parent ? descend(source.parent, target.split('.')) : null;
  };

  const transitions: ChartTransition[] = [];
  for (const { source, eventType, config: written } of pending) {
    for (const one of asArray(written)) {
      const transition = typeof one === 'string' ? { target: one } : isObject(one) ? one : null;
      if (!transition) continue;
      const targets: string[] = [];
      for (const target of asArray(transition.target)) {
        if (typeof target !== 'string') continue;
        const node = resolve(source, target);
        if (node) targets.push(node.id);
        else problems.push(`"${eventType}" from ${source.id}: no state "${target}".`);
      }
      transitions.push({
        id: `t${transitions.length}`,
        source: source.id,
        targets,
        eventType,
        event: eventLabel(eventType),
        guard: guardName(transition.guard),
        actions: asArray(transition.actions).map(actionName),
        description: text(transition.description),
        reenter: transition.reenter === true,
      });
    }
  }

  return {
    id: machineId,
    description: root.description,
    root,
    nodes,
    transitions,
    invokedCharts,
    problems,
  };
}

/** How a transition is drawn: an arrow between two boxes, or a line inside its source's box. */
export function isDrawnAsArrow(graph: ChartGraph, transition: ChartTransition): boolean {
  if (transition.targets.length === 0) return false;
  const byId = new Map(graph.nodes.map((node) => [node.id, node]));
  const source = byId.get(transition.source);
  return transition.targets.every((targetId) => {
    const target = byId.get(targetId);
    if (!source || !target || source === target) return false;
    return !isAncestor(source, target) && !isAncestor(target, source);
  });
}

export function isAncestor(ancestor: ChartNode, node: ChartNode): boolean {
  for (let current = node.parent; current; current = current.parent) {
    if (current === ancestor) return true;
  }
  return false;
}

/** `event [guard]`, the label of a transition on the chart. */
export function transitionLabel(transition: ChartTransition): string {
  return transition.guard ? `${transition.event} [${transition.guard}]` : transition.event;
}
