import MagicString from 'magic-string';
import { type Plugin, parseAst } from 'vite';

/**
 * The statecharts in machines/ carry a `description` on every state and many
 * transitions: they are for the people who review the charts (docs/charts,
 * the Stately inspector), not for members. A production build drops them, so
 * the session machine that /login runs is about a third lighter. Development
 * (`npm start`, with the inspector) and the tests keep them.
 *
 * In machines/**.ts, a `description` property of an object literal is removed
 * when its value is a text (a string, a template without expressions) or a
 * read of one (`description`, `invalid.description`,
 * `region.ready.description`), and so is a `description` taken apart from an
 * object (`{ description }` in the parameters of the transition builders of
 * machines/shared). The build stops if a `description` variable is still read
 * elsewhere in the file, since dropping it would break that code.
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
        const removed: Range[] = [];
        const reads: Node[] = [];
        visit(ast, (node) => {
          if (node.type === 'Identifier' && (node as NamedNode).name === 'description') {
            reads.push(node);
          }
          if (node.type !== 'ObjectExpression' && node.type !== 'ObjectPattern') return;
          const properties = (node as unknown as { properties: PropertyNode[] }).properties;
          properties.forEach((property, index) => {
            const strip =
              node.type === 'ObjectExpression' ? isDescription(property) : isTakenApart(property);
            if (!strip) return;
            // With the comma after it, or, for the last one, the comma before it.
            const next = properties[index + 1];
            const previous = properties[index - 1];
            removed.push({
              start: next || !previous ? property.start : previous.end,
              end: next?.start ?? property.end,
            });
          });
        });
        const left = reads.filter(
          (read) => !removed.some((range) => range.start <= read.start && read.end <= range.end),
        );
        if (left.length > 0) {
          throw new Error(
            `${id}: a \`description\` variable is read outside a chart text (at ${left.map((read) => read.start).join(', ')}); stripping the texts would break it`,
          );
        }
        if (removed.length === 0) return null;
        const edit = new MagicString(code);
        for (const range of removed) edit.remove(range.start, range.end);
        return { code: edit.toString(), map: edit.generateMap({ hires: true, source: id }) };
      },
    },
  };
}

/** A span of the source: [start, end). */
interface Range {
  start: number;
  end: number;
}

interface Node extends Range {
  type: string;
}

interface NamedNode extends Node {
  name?: string;
}

interface MemberNode extends NamedNode {
  object?: MemberNode;
  property?: NamedNode;
  computed?: boolean;
}

interface PropertyNode extends Node {
  key?: NamedNode & { value?: unknown };
  value?: MemberNode & { value?: unknown; expressions?: unknown[] };
  computed?: boolean;
  shorthand?: boolean;
}

function namedDescription(property: PropertyNode): boolean {
  if (property.type !== 'Property' || property.computed) return false;
  const key = property.key;
  return (key?.type === 'Identifier' ? key.name : key?.value) === 'description';
}

/** `description: 'text'`, `` description: `text` ``, `description`, `description: invalid.description`. */
function isDescription(property: PropertyNode): boolean {
  if (!namedDescription(property)) return false;
  const value = property.value;
  switch (value?.type) {
    case 'Literal':
      return typeof value.value === 'string';
    case 'TemplateLiteral':
      return (value.expressions?.length ?? 0) === 0;
    case 'Identifier':
      return value.name === 'description';
    case 'MemberExpression':
      return isPropertyRead(value);
    default:
      return false;
  }
}

/** `invalid.description`, `region.ready.description`: another chart text passed on, no call. */
function isPropertyRead(node: MemberNode): boolean {
  return !node.computed && node.property?.name === 'description' && isPlainObject(node.object);
}

function isPlainObject(node: MemberNode | undefined): boolean {
  if (node?.type === 'Identifier') return true;
  return node?.type === 'MemberExpression' && !node.computed && isPlainObject(node.object);
}

/**
 * `{ description }` in a parameter or a declaration: the variable the builder
 * passes on (no default value, which could call something). Beside a rest
 * element (`{ description, ...invoke }`), a description a caller computed,
 * and so kept, then goes on in the rest, where XState reads no description.
 */
function isTakenApart(property: PropertyNode): boolean {
  return (
    namedDescription(property) &&
    property.shorthand === true &&
    property.value?.type === 'Identifier'
  );
}

/**
 * Calls `enter` on every node. The name of a property (`{ description: … }`,
 * `invalid.description`) is not visited: it is no variable.
 */
function visit(node: unknown, enter: (node: Node) => void): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const child of node) visit(child, enter);
    return;
  }
  const candidate = node as Node & Record<string, unknown>;
  if (typeof candidate.type === 'string') enter(candidate);
  for (const [key, value] of Object.entries(candidate)) {
    if (key === 'type' || !value || typeof value !== 'object') continue;
    const propertyName =
      !candidate.computed &&
      ((key === 'key' && candidate.type === 'Property' && !candidate.shorthand) ||
        (key === 'property' && candidate.type === 'MemberExpression'));
    if (!propertyName) visit(value, enter);
  }
}
