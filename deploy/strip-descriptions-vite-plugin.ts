import MagicString from 'magic-string';
import { type Plugin, parseAst } from 'vite';

/**
 * The statecharts in machines/ carry a `description` on every state and many
 * transitions: they are for the people who review the charts (docs/charts,
 * the Stately inspector), not for members. A production build drops them, so
 * the session machine that /login runs is about a third lighter. Development
 * (`npm start`, with the inspector) and the tests keep them.
 *
 * Only `description: <string literal or template without expressions>`
 * properties of object literals in machines/**.ts are removed.
 */
export function stripMachineDescriptions(): Plugin {
  return {
    name: 'ev-club-strip-machine-descriptions',
    apply: 'build',
    enforce: 'post',
    transform: {
      filter: { id: /[\\/]machines[\\/].*\.ts$/ },
      handler(code, id) {
        if (!code.includes('description')) return null;
        const ast = parseAst(code, { lang: 'js' }) as unknown as Node;
        const edit = new MagicString(code);
        let removed = 0;
        visit(ast, (node) => {
          if (node.type !== 'ObjectExpression') return;
          const properties = (node as unknown as { properties: PropertyNode[] }).properties;
          properties.forEach((property, index) => {
            if (!isDescription(property)) return;
            const next = properties[index + 1];
            edit.remove(property.start, next ? next.start : property.end);
            removed += 1;
          });
        });
        if (removed === 0) return null;
        return { code: edit.toString(), map: edit.generateMap({ hires: true, source: id }) };
      },
    },
  };
}

interface Node {
  type: string;
  start: number;
  end: number;
}

interface PropertyNode extends Node {
  key?: Node & { name?: string; value?: unknown };
  value?: Node & { value?: unknown; expressions?: unknown[] };
  computed?: boolean;
}

function isDescription(property: PropertyNode): boolean {
  if (property.type !== 'Property' || property.computed) return false;
  const key = property.key;
  const named = key?.type === 'Identifier' ? key.name : key?.value;
  if (named !== 'description') return false;
  const value = property.value;
  if (value?.type === 'Literal') return typeof value.value === 'string';
  return value?.type === 'TemplateLiteral' && (value.expressions?.length ?? 0) === 0;
}

function visit(node: unknown, enter: (node: Node) => void): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const child of node) visit(child, enter);
    return;
  }
  const candidate = node as Node & Record<string, unknown>;
  if (typeof candidate.type === 'string') enter(candidate);
  for (const [key, value] of Object.entries(candidate)) {
    if (key !== 'type' && value && typeof value === 'object') visit(value, enter);
  }
}
