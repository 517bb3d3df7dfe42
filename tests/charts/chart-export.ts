/**
 * Turns the app's statecharts into files a person can open without any
 * account: the machine config as JSON (paste into the Stately visualizer or
 * editor), a Mermaid diagram in a Markdown page (GitHub and most editors draw
 * it), and an index listing states, events, guards and actors.
 */
import type { AnyStateMachine, AnyStateNode, AnyTransitionDefinition } from 'xstate';

const mermaidId = (node: AnyStateNode) => node.id.replace(/[^A-Za-z0-9_]/g, '_');

function guardName(t: AnyTransitionDefinition): string | null {
  if (!t.guard) return null;
  if (typeof t.guard === 'string') return t.guard;
  const type = (t.guard as { type?: unknown }).type;
  return typeof type === 'string' ? type : 'guard';
}

function eventLabel(t: AnyTransitionDefinition): string {
  const raw = t.eventType || 'always';
  const event = raw
    .replace(/^xstate\.done\.actor\.(.+)$/, '$1 done')
    .replace(/^xstate\.error\.actor\.(.+)$/, '$1 failed')
    .replace(/^xstate\.after\.(\d+)\..*$/, 'after $1 ms');
  const guard = guardName(t);
  return guard ? `${event} [${guard}]` : event;
}

function children(node: AnyStateNode): AnyStateNode[] {
  return Object.values(node.states) as AnyStateNode[];
}

/**
 * A state's name, with what it invokes: 'active ▸ otp machine' for an invoked
 * statechart (the chart's composition), 'loading ▸ loadProvider' for any
 * other actor.
 */
function stateLabel(machine: AnyStateMachine, node: AnyStateNode): string {
  const invoked = node.invoke.map((invoke) => {
    const machineId = invokedMachineId(machine, invoke.src);
    if (machineId) return `${machineId} machine`;
    return typeof invoke.src === 'string' ? invoke.src : invoke.id;
  });
  return invoked.length > 0 ? `${node.key} ▸ ${invoked.join(', ')}` : node.key;
}

/** The id of the statechart an invoke runs, when its actor is one. */
function invokedMachineId(machine: AnyStateMachine, src: unknown): string | null {
  const actors = (machine.implementations as { actors?: Record<string, unknown> }).actors ?? {};
  const logic = typeof src === 'string' ? actors[src] : src;
  const root = (logic as { root?: unknown; id?: unknown } | undefined) ?? {};
  return root.root && typeof root.id === 'string' ? root.id : null;
}

export function toMermaid(machine: AnyStateMachine): string {
  const lines: string[] = ['stateDiagram-v2'];
  const transitions: string[] = [];

  const visit = (node: AnyStateNode, depth: number) => {
    const pad = '  '.repeat(depth);
    const kids = children(node);
    const id = mermaidId(node);
    if (node !== machine.root) {
      lines.push(`${pad}state "${stateLabel(machine, node)}" as ${id}`);
      if (node.type === 'final') lines.push(`${pad}${id} --> [*]`);
    }
    if (kids.length > 0) {
      const open = node === machine.root ? depth : depth + 1;
      if (node !== machine.root) lines.push(`${pad}state ${id} {`);
      const innerPad = '  '.repeat(open);
      if (node.type === 'parallel') {
        kids.forEach((kid, index) => {
          if (index > 0) lines.push(`${innerPad}--`);
          visit(kid, open);
        });
      } else {
        const initial = node.initial?.target?.[0] as AnyStateNode | undefined;
        if (initial) lines.push(`${innerPad}[*] --> ${mermaidId(initial)}`);
        for (const kid of kids) visit(kid, open);
      }
      if (node !== machine.root) lines.push(`${pad}}`);
    }
    const all = [...[...node.transitions.values()].flat(), ...(node.always ?? [])];
    for (const t of all) {
      const targets = (t.target ?? []) as AnyStateNode[];
      const label = eventLabel(t).replace(/:/g, '﹕');
      if (targets.length === 0) transitions.push(`${id} --> ${id} : ${label}`);
      for (const target of targets) transitions.push(`${id} --> ${mermaidId(target)} : ${label}`);
    }
  };
  visit(machine.root, 1);
  return [...lines, ...transitions.map((t) => `  ${t}`)].join('\n');
}

export interface MachineSummary {
  id: string;
  description: string;
  states: string[];
  events: string[];
  guards: string[];
  actors: string[];
  actions: string[];
}

function allNodes(machine: AnyStateMachine): AnyStateNode[] {
  const out: AnyStateNode[] = [];
  const visit = (n: AnyStateNode) => {
    out.push(n);
    for (const kid of children(n)) visit(kid);
  };
  visit(machine.root);
  return out;
}

export function summarize(machine: AnyStateMachine): MachineSummary {
  const nodes = allNodes(machine);
  const transitions = nodes.flatMap((n) => [
    ...[...n.transitions.values()].flat(),
    ...(n.always ?? []),
  ]);
  const impl = machine.implementations as {
    guards: Record<string, unknown>;
    actors: Record<string, unknown>;
    actions: Record<string, unknown>;
  };
  return {
    id: machine.id,
    description: machine.root.description ?? '',
    states: nodes.filter((n) => n !== machine.root).map((n) => n.path.join('.')),
    events: [
      ...new Set(
        transitions
          .map((t) => t.eventType)
          .filter((e): e is string => Boolean(e) && !e.startsWith('xstate.')),
      ),
    ].sort(),
    guards: Object.keys(impl.guards ?? {}).sort(),
    actors: Object.keys(impl.actors ?? {}).sort(),
    actions: Object.keys(impl.actions ?? {}).sort(),
  };
}

/**
 * The machines a chart invokes (composition): for each invoke whose actor is
 * itself a statechart, the state that invokes it and the machine's id.
 */
export function invokedMachines(machine: AnyStateMachine): Array<{ state: string; id: string }> {
  return allNodes(machine).flatMap((node) =>
    node.invoke.flatMap((invoke) => {
      const id = invokedMachineId(machine, invoke.src);
      return id ? [{ state: node.path.join('.'), id }] : [];
    }),
  );
}

export function toMarkdown(machine: AnyStateMachine): string {
  const s = summarize(machine);
  const invoked = invokedMachines(machine);
  return [
    `# ${s.id}`,
    '',
    s.description,
    '',
    `Definition for the Stately visualizer or editor: [${s.id}.json](./${s.id}.json).`,
    '',
    '```mermaid',
    toMermaid(machine),
    '```',
    '',
    '## States',
    '',
    ...allNodes(machine)
      .filter((n) => n !== machine.root)
      .map((n) => `- \`${n.path.join('.')}\`${n.description ? ` — ${n.description}` : ''}`),
    '',
    `**Events:** ${s.events.map((e) => `\`${e}\``).join(', ') || '—'}`,
    '',
    `**Guards:** ${s.guards.map((e) => `\`${e}\``).join(', ') || '—'}`,
    '',
    `**Actors:** ${s.actors.map((e) => `\`${e}\``).join(', ') || '—'}`,
    '',
    `**Actions:** ${s.actions.map((e) => `\`${e}\``).join(', ') || '—'}`,
    '',
    ...(invoked.length > 0
      ? [
          `**Invokes machines:** ${invoked.map((i) => `[${i.id}](./${i.id}.md) in \`${i.state}\``).join(', ')}`,
          '',
        ]
      : []),
  ].join('\n');
}

export function toIndex(machines: AnyStateMachine[]): string {
  const rows = machines.map((m) => {
    const s = summarize(m);
    return `| [${s.id}](./${s.id}.md) | ${s.states.length} | ${s.events.map((e) => `\`${e}\``).join(' ')} | ${s.guards.map((e) => `\`${e}\``).join(' ')} | ${s.actors.map((e) => `\`${e}\``).join(' ')} |`;
  });
  return [
    '# Statecharts',
    '',
    'Generated by `npm run charts` from the machines in `machines/`; a test fails when',
    'a file here is out of date. Each page has a Mermaid diagram; each `.json` is the',
    'machine config to paste into the Stately visualizer or editor.',
    '',
    '| machine | states (below the root; model coverage counts the root too) | events | guards | actors |',
    '|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

/** The machine config as JSON (named implementations stay names). */
export function toConfigJson(machine: AnyStateMachine): string {
  return `${JSON.stringify(machine.config, null, 2)}\n`;
}
