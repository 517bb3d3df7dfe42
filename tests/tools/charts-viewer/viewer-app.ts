/**
 * The offline charts viewer's page (served by ./viewer-server.mjs, which
 * strips the types of these files on the way): lists the machines of
 * docs/charts, draws the chosen one with ELK (./chart-layout.ts,
 * ./chart-svg.ts), lists its states and transitions with their descriptions,
 * and shows its path script (docs/charts/<machine>.paths.md). Nothing here
 * leaves the machine: the page, its scripts, ELK and the charts all come from
 * the local server, and its Content-Security-Policy allows nothing else.
 *
 * Addresses: #/<machine> (the chart), #/<machine>/paths (its path script),
 * #/<machine>/invoked/<invoke id> (a machine config invoked inline), #/all.
 */
import {
  buildChartGraph,
  type ChartGraph,
  isDrawnAsArrow,
  transitionLabel,
} from './chart-graph.ts';
import { type ElkApi, layoutChart, type Measure } from './chart-layout.ts';
import { drawChart } from './chart-svg.ts';
import { renderMarkdown } from './markdown-view.ts';

interface IndexEntry {
  id: string;
  /** File names under /charts/. */
  json: string;
  page: string;
  paths: string;
  hasPaths: boolean;
}

interface Chart {
  /** The address part after #/: `billing`, or `session/invoked/otp`. */
  route: string;
  title: string;
  entry: IndexEntry;
  graph: ChartGraph | null;
  error: string | null;
  parent: Chart | null;
}

declare global {
  interface Window {
    ELK?: new () => ElkApi;
  }
}

const $ = <T extends HTMLElement>(id: string): T => {
  const element = document.getElementById(id);
  if (!element) throw new Error(`#${id} is missing from the page`);
  return element as T;
};

const canvas = document.createElement('canvas').getContext('2d');
const measure: Measure = (text, font) => {
  if (!canvas) return text.length * 7;
  canvas.font = font;
  return canvas.measureText(text).width;
};

let elk: ElkApi | null = null;
function elkInstance(): ElkApi {
  if (!elk) {
    if (!window.ELK) throw new Error('ELK (elk.bundled.js) did not load.');
    elk = new window.ELK();
  }
  return elk;
}

function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attributes: Record<string, string> = {},
  ...children: Array<Node | string>
): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, value);
  element.append(...children);
  return element;
}

async function loadCharts(): Promise<Chart[]> {
  const response = await fetch('/charts/index.json');
  if (!response.ok) throw new Error(`/charts/index.json answered ${response.status}`);
  const { machines } = (await response.json()) as { machines: IndexEntry[] };
  const charts: Chart[] = [];
  for (const entry of machines) {
    const chart: Chart = {
      route: entry.id,
      title: entry.id,
      entry,
      graph: null,
      error: null,
      parent: null,
    };
    charts.push(chart);
    try {
      const config = (await (await fetch(`/charts/${entry.json}`)).json()) as unknown;
      chart.graph = buildChartGraph(config, entry.id);
      for (const invoked of chart.graph.invokedCharts) {
        const invokeId = invoked.name.split(' › ').pop() ?? invoked.name;
        const child: Chart = {
          route: `${entry.id}/invoked/${invokeId}`,
          title: invoked.name,
          entry,
          graph: null,
          error: null,
          parent: chart,
        };
        try {
          child.graph = buildChartGraph(invoked.config, invokeId);
        } catch (error) {
          child.error = String(error);
        }
        charts.push(child);
      }
    } catch (error) {
      chart.error = `${entry.json} could not be read: ${String(error)}`;
    }
  }
  return charts;
}

function renderNav(charts: Chart[], current: string): void {
  const list = $<HTMLUListElement>('machines');
  list.replaceChildren();
  for (const chart of charts) {
    const counts = chart.graph
      ? `${chart.graph.nodes.length - 1} states · ${chart.graph.transitions.length} transitions`
      : 'unreadable';
    const link = h(
      'a',
      { href: `#/${chart.route}`, 'data-machine-link': chart.route },
      h('span', { class: 'nav__name' }, chart.parent ? `↳ ${chart.title}` : chart.title),
      h('span', { class: 'nav__counts' }, counts),
    );
    if (chart.route === current || current.startsWith(`${chart.route}/paths`)) {
      link.setAttribute('aria-current', 'page');
    }
    list.append(h('li', {}, link));
  }
}

function linksOf(chart: Chart): HTMLElement {
  const { entry } = chart;
  return h(
    'p',
    { class: 'links' },
    h(
      'a',
      { href: `#/${entry.id}/paths`, 'data-paths-link': entry.id },
      `Path scripts (${entry.paths})`,
    ),
    ' · ',
    h('a', { href: `/charts/${entry.paths}`, 'data-paths-file': entry.id }, 'as text'),
    ' · ',
    h('a', { href: `/charts/${entry.page}` }, `${entry.page} (Mermaid)`),
    ' · ',
    h('a', { href: `/charts/${entry.json}` }, `${entry.json} (Stately)`),
  );
}

function detailsOf(graph: ChartGraph): HTMLElement {
  const byId = new Map(graph.nodes.map((node) => [node.id, node]));
  const name = (id: string) => byId.get(id)?.path.join('.') || id;
  const states = h(
    'table',
    { class: 'details__table' },
    h(
      'thead',
      {},
      h('tr', {}, h('th', {}, 'State'), h('th', {}, 'Kind'), h('th', {}, 'What the member sees')),
    ),
    h(
      'tbody',
      {},
      ...graph.nodes.map((node) => {
        const extras = [
          node.tags.length > 0 ? `tags: ${node.tags.join(', ')}` : '',
          node.entry.length > 0 ? `entry: ${node.entry.join(', ')}` : '',
          node.exit.length > 0 ? `exit: ${node.exit.join(', ')}` : '',
          ...node.invokes.map((invoke) => `invokes ${invoke.src}`),
        ].filter(Boolean);
        return h(
          'tr',
          { 'data-state-row': node.id },
          h('td', {}, h('code', {}, node.path.join('.') || `${node.key} (machine)`)),
          h('td', {}, node.type),
          h(
            'td',
            {},
            node.description,
            ...(extras.length > 0
              ? [h('div', { class: 'details__extra' }, extras.join(' · '))]
              : []),
          ),
        );
      }),
    ),
  );
  const transitions = h(
    'table',
    { class: 'details__table' },
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        h('th', {}, 'From'),
        h('th', {}, 'Event [guard]'),
        h('th', {}, 'To'),
        h('th', {}, 'Actions'),
        h('th', {}, 'Description'),
      ),
    ),
    h(
      'tbody',
      {},
      ...graph.transitions.map((transition) =>
        h(
          'tr',
          { 'data-transition-row': transition.id },
          h('td', {}, h('code', {}, name(transition.source))),
          h('td', {}, h('code', {}, transitionLabel(transition))),
          h(
            'td',
            {},
            transition.targets.length > 0
              ? transition.targets.map(name).join(', ')
              : '(stays: actions only)',
          ),
          h('td', {}, transition.actions.join(', ')),
          h('td', {}, transition.description),
        ),
      ),
    ),
  );
  return h(
    'section',
    { class: 'details', 'aria-label': 'States and transitions' },
    h('h3', {}, 'States'),
    states,
    h('h3', {}, 'Transitions'),
    transitions,
  );
}

function summaryOf(graph: ChartGraph): string {
  const arrows = graph.transitions.filter((t) => isDrawnAsArrow(graph, t)).length;
  const guards = [...new Set(graph.transitions.flatMap((t) => (t.guard ? [t.guard] : [])))];
  const actors = [...new Set(graph.nodes.flatMap((n) => n.invokes.map((i) => i.src)))];
  return [
    `${graph.nodes.length - 1} states`,
    `${graph.transitions.length} transitions (${arrows} arrows, ${graph.transitions.length - arrows} written inside their state)`,
    guards.length > 0 ? `guards: ${guards.join(', ')}` : 'no guards',
    actors.length > 0 ? `invokes: ${actors.join(', ')}` : 'no invokes',
  ].join(' · ');
}

function selectState(stateId: string): void {
  for (const element of document.querySelectorAll('.is-selected')) {
    element.classList.remove('is-selected');
  }
  document.querySelector(`[data-state="${CSS.escape(stateId)}"]`)?.classList.add('is-selected');
  const row = document.querySelector(`[data-state-row="${CSS.escape(stateId)}"]`);
  row?.classList.add('is-selected');
  row?.scrollIntoView({ block: 'nearest' });
}

async function drawInto(chart: Chart, charts: Chart[], holder: HTMLElement): Promise<void> {
  holder.setAttribute('data-chart', chart.route);
  holder.setAttribute('data-status', 'drawing');
  if (!chart.graph) {
    holder.setAttribute('data-status', 'error');
    holder.append(h('p', { class: 'problem', role: 'alert' }, chart.error ?? 'Not readable.'));
    return;
  }
  try {
    const layout = await layoutChart(chart.graph, elkInstance(), measure);
    const routes = new Set(charts.map((c) => c.route));
    const svg = drawChart(layout, chart.graph.id, {
      onSelectState: selectState,
      chartLink: (src) => {
        const own = `${chart.entry.id}/invoked/${src}`;
        if (routes.has(own)) return `#/${own}`;
        const other = charts.find((c) => !c.parent && c.route.toLowerCase() === src.toLowerCase());
        return other ? `#/${other.route}` : null;
      },
    });
    holder.append(h('div', { class: 'chart-frame' }, svg));
    holder.setAttribute('data-status', 'drawn');
  } catch (error) {
    holder.setAttribute('data-status', 'error');
    holder.append(
      h('p', { class: 'problem', role: 'alert' }, `The chart could not be drawn: ${String(error)}`),
    );
  }
}

async function showChart(chart: Chart, charts: Chart[]): Promise<void> {
  const main = $('content');
  main.replaceChildren();
  main.append(h('h2', {}, chart.title));
  if (chart.graph?.description) main.append(h('p', { class: 'lead' }, chart.graph.description));
  main.append(linksOf(chart));
  if (chart.graph) main.append(h('p', { class: 'summary' }, summaryOf(chart.graph)));
  for (const problem of chart.graph?.problems ?? []) {
    main.append(h('p', { class: 'problem' }, problem));
  }
  main.append(
    h(
      'p',
      { class: 'hint' },
      'Hover a box or an arrow for its description; click a box to find it in the table below.',
    ),
  );
  const holder = h('div', { class: 'chart-holder' });
  main.append(holder);
  await drawInto(chart, charts, holder);
  if (chart.graph) main.append(detailsOf(chart.graph));
}

async function showPaths(chart: Chart): Promise<void> {
  const main = $('content');
  main.replaceChildren();
  main.append(
    h('h2', {}, `${chart.entry.id}: path scripts`),
    h(
      'p',
      { class: 'links' },
      h('a', { href: `#/${chart.entry.id}` }, `Back to the ${chart.entry.id} chart`),
      ' · ',
      h('a', { href: `/charts/${chart.entry.paths}` }, `${chart.entry.paths} as text`),
    ),
  );
  const body = h('article', { class: 'script', 'data-paths': chart.entry.id });
  main.append(body);
  // The index says whether the file exists (reload the page after `npm run charts`).
  const response = chart.entry.hasPaths ? await fetch(`/charts/${chart.entry.paths}`) : null;
  if (!response?.ok) {
    body.append(
      h(
        'p',
        { class: 'problem' },
        `docs/charts/${chart.entry.paths} does not exist yet: \`npm run charts\` writes it.`,
      ),
    );
    body.setAttribute('data-status', 'missing');
    return;
  }
  body.append(renderMarkdown(await response.text()));
  body.setAttribute('data-status', 'shown');
}

async function showAll(charts: Chart[]): Promise<void> {
  const main = $('content');
  main.replaceChildren(h('h2', {}, 'Every chart'));
  for (const chart of charts) {
    main.append(h('h3', { id: `all-${chart.route}` }, chart.title), linksOf(chart));
    const holder = h('div', { class: 'chart-holder' });
    main.append(holder);
    await drawInto(chart, charts, holder);
  }
}

let generation = 0;

async function route(charts: Chart[]): Promise<void> {
  generation += 1;
  const mine = generation;
  const wanted = decodeURIComponent(location.hash.replace(/^#\/?/, ''));
  const current = wanted || charts[0]?.route || '';
  renderNav(charts, current);
  document.body.setAttribute('data-ready', 'false');
  if (current === 'all') {
    await showAll(charts);
  } else if (current.endsWith('/paths')) {
    const chart = charts.find((c) => c.route === current.slice(0, -'/paths'.length));
    if (chart) await showPaths(chart);
  } else {
    const chart = charts.find((c) => c.route === current);
    if (chart) await showChart(chart, charts);
    else $('content').replaceChildren(h('p', { class: 'problem' }, `No chart "${current}".`));
  }
  if (mine !== generation) return;
  document.title = `${current} — statecharts`;
  document.body.setAttribute('data-ready', 'true');
  document.body.setAttribute('data-route', current);
}

async function start(): Promise<void> {
  try {
    const charts = await loadCharts();
    window.addEventListener('hashchange', () => void route(charts));
    await route(charts);
  } catch (error) {
    $('content').replaceChildren(h('p', { class: 'problem', role: 'alert' }, String(error)));
    document.body.setAttribute('data-ready', 'true');
  }
}

void start();
