/**
 * Draws a placed chart (./chart-layout.ts) as SVG: a box per state (nested;
 * parallel regions dashed, final states doubled), an initial dot per compound
 * state, an arrow per transition labelled `event [guard]`, and each
 * description as the tooltip (<title>) of its box, line or arrow. Every box
 * carries data-state (its id) and every transition data-transition, so the
 * page and its test can find them.
 */
import { type ChartTransition, transitionLabel } from './chart-graph.ts';
import { type ChartLayout, LINE_HEIGHT, PADDING, type Point } from './chart-layout.ts';

const SVG = 'http://www.w3.org/2000/svg';

function el<K extends keyof SVGElementTagNameMap>(
  name: K,
  attributes: Record<string, string | number> = {},
): SVGElementTagNameMap[K] {
  const element = document.createElementNS(SVG, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
  return element;
}

function titled<T extends SVGElement>(element: T, title: string): T {
  if (title) {
    const node = el('title');
    node.textContent = title;
    element.append(node);
  }
  return element;
}

/** The tooltip of a transition: its label, target(s), actions and description. */
export function transitionTitle(transition: ChartTransition): string {
  return [
    transitionLabel(transition),
    transition.actions.length > 0 ? `actions: ${transition.actions.join(', ')}` : '',
    transition.description,
  ]
    .filter(Boolean)
    .join('\n');
}

function pathOf(points: Point[]): string {
  return points
    .map((p, i) => `${i === 0 ? 'M' : 'L'}${p.x.toFixed(1)},${p.y.toFixed(1)}`)
    .join(' ');
}

export interface DrawOptions {
  /** Called when a box is chosen (click or Enter). */
  onSelectState?: (stateId: string) => void;
  /** Machines that have charts of their own: an invoke of one links to it. */
  chartLink?: (src: string) => string | null;
}

export function drawChart(
  layout: ChartLayout,
  machineId: string,
  options: DrawOptions = {},
): SVGSVGElement {
  const svg = el('svg', {
    xmlns: SVG,
    viewBox: `0 0 ${layout.width} ${layout.height}`,
    width: layout.width,
    height: layout.height,
    role: 'img',
    class: 'chart',
    'data-machine': machineId,
    'data-state-count': layout.nodes.length,
  });
  svg.setAttribute('aria-label', `Statechart of ${machineId}`);
  const defs = el('defs');
  const marker = el('marker', {
    id: `arrow-${machineId}`,
    viewBox: '0 0 10 10',
    refX: 9,
    refY: 5,
    markerWidth: 7,
    markerHeight: 7,
    orient: 'auto-start-reverse',
  });
  marker.append(el('path', { d: 'M0,0 L10,5 L0,10 z', class: 'chart__arrowhead' }));
  defs.append(marker);
  svg.append(defs);

  const boxes = el('g', { class: 'chart__states' });
  for (const placed of layout.nodes) {
    const { node } = placed;
    const group = el('g', {
      class: `state state--${node.type}${node.parent?.type === 'parallel' ? ' state--region' : ''}`,
      'data-state': node.id,
      tabindex: 0,
    });
    group.setAttribute('aria-label', `State ${node.path.join('.') || node.key}`);
    titled(group, [node.path.join('.') || node.id, node.description].filter(Boolean).join('\n'));
    group.append(
      el('rect', {
        x: placed.x,
        y: placed.y,
        width: placed.width,
        height: placed.height,
        rx: 8,
        class: 'state__box',
      }),
    );
    if (node.type === 'final') {
      group.append(
        el('rect', {
          x: placed.x + 3,
          y: placed.y + 3,
          width: placed.width - 6,
          height: placed.height - 6,
          rx: 6,
          class: 'state__box state__box--inner',
        }),
      );
    }
    let y = placed.y + PADDING;
    for (const line of placed.lines) {
      const height = line.kind === 'name' ? LINE_HEIGHT.name : LINE_HEIGHT.line;
      const text = el('text', {
        x: placed.x + PADDING,
        y: y + height - 5,
        class: `state__line state__line--${line.kind}`,
      });
      text.textContent = line.text;
      if (line.transition) {
        text.setAttribute('data-transition', line.transition.id);
        titled(text, transitionTitle(line.transition));
      }
      const link = line.invokeSrc ? options.chartLink?.(line.invokeSrc) : null;
      if (link) {
        const anchor = el('a', { href: link, class: 'state__link' });
        anchor.append(text);
        group.append(anchor);
      } else {
        group.append(text);
      }
      y += height;
    }
    group.addEventListener('click', (event) => {
      event.stopPropagation();
      options.onSelectState?.(node.id);
    });
    group.addEventListener('keydown', (event) => {
      if (event.key === 'Enter') {
        event.stopPropagation();
        options.onSelectState?.(node.id);
      }
    });
    boxes.append(group);
  }
  svg.append(boxes);

  for (const initial of layout.initials) {
    svg.append(
      el('circle', {
        cx: initial.x + initial.size / 2,
        cy: initial.y + initial.size / 2,
        r: initial.size / 2,
        class: 'chart__initial',
        'data-initial-of': initial.parentId,
      }),
    );
  }

  const arrows = el('g', { class: 'chart__transitions' });
  for (const edge of layout.edges) {
    if (edge.points.length < 2) continue;
    const group = el('g', {
      class: edge.transition ? 'transition' : 'transition transition--initial',
      ...(edge.transition ? { 'data-transition': edge.transition.id } : {}),
    });
    if (edge.transition) titled(group, transitionTitle(edge.transition));
    group.append(
      el('path', {
        d: pathOf(edge.points),
        class: 'transition__line',
        'marker-end': `url(#arrow-${machineId})`,
      }),
    );
    if (edge.label) {
      group.append(
        el('rect', {
          x: edge.label.x,
          y: edge.label.y,
          width: edge.label.width,
          height: edge.label.height,
          rx: 3,
          class: 'transition__label-box',
        }),
      );
      const label = el('text', {
        x: edge.label.x + 4,
        y: edge.label.y + edge.label.height - 4,
        class: 'transition__label',
      });
      label.textContent = edge.label.text;
      group.append(label);
    }
    arrows.append(group);
  }
  svg.append(arrows);
  return svg;
}
