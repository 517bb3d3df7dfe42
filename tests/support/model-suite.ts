/**
 * The one skeleton of every model suite (tests/model/*.model.test.ts[x]).
 *
 * A suite describes its model once: the real machine, how it is walked (the
 * machine with quiet actors, the events to try, the input), how each event is
 * named in a test title (`name`) and said to a person (`say`), and how one
 * path runs (`run`: on the real screen, or on the machine). `describeModel`
 * then writes the same three things for every machine:
 *
 *   1. coverage: the walks reach 100 % of the states and transitions of the
 *      real machine, and every actor outcome names an invoke it has;
 *   2. one test per path, titled `<id> <step names>`: the id is stable (a
 *      hash of the steps), so a failing test points at its script;
 *   3. the path script docs/charts/<machine id>.paths.md, the same paths as
 *      numbered plain-English steps ending with what the member should see,
 *      checked current (`npm run charts` rewrites it).
 *
 * A suite whose paths all play on one screen says only how (`describeScreenModel`
 * below; the account sections: `describeAccountModel` in ./account.kit.tsx):
 * the machine is walked and played with its invokes quiet (`quietMachine`).
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { type AnyStateMachine, type AnyStateNode, createActor, type EventObject } from 'xstate';
import { shownFieldErrors } from '../../machines/forms/form-state.ts';
import type { UserApi } from './form.ts';
import { english, fieldErrorText, loadResources } from './i18n.ts';
import {
  describeOutcome,
  describeTransition,
  expectFullCoverage,
  expectOutcomesNameInvokes,
  generatePaths,
  type ModelOptions,
  type ModelPath,
  type ModelStep,
  parseOutcome,
  pathId,
  quietActors,
  replay,
} from './model.ts';
import { playPath, viewPathsOf } from './model-screen.ts';

export const CHARTS_DIR = join(import.meta.dirname, '../../docs/charts');

/** One walk of the machine: its actors quiet, the events to try, its input. */
export interface Walk<E extends EventObject> {
  machine: AnyStateMachine;
  events: ModelOptions<E>['events'];
  input?: unknown;
  serializeState?: ModelOptions<E>['serializeState'];
  /**
   * Names a walk whose paths are a scenario of their own (e.g. 'wallet quirk
   * off'): in the test titles, the ids and the script. Unnamed walks share
   * their paths (the same steps run once).
   */
  label?: string;
  /**
   * Where the walk's paths stop: each path ends at its first step for which
   * this is true, that step included (e.g. the step that leaves the screen
   * under test). Applied before `keep`; default: paths run to their end.
   */
  endsAt?(step: ModelStep<E>): boolean;
  /** Which of the walk's paths to run (default: all). */
  keep?(path: ModelPath<E>): boolean;
}

/**
 * For a walk's serializeState: the facts of a form (a FormState) a member can
 * tell apart on screen, kept small on purpose: how many fields are valid, the
 * fields whose errors show, the form's message.
 */
export function formFactsSeen(form: {
  values: object;
  validationErrors: Record<string, unknown>;
  touched: Record<string, unknown>;
  errorKey: string | null;
}) {
  const invalid = (field: string) => form.validationErrors[field] !== undefined;
  return {
    valid: Object.keys(form.values).filter((field) => !invalid(field)).length,
    shown: Object.keys(form.touched).filter(invalid).sort(),
    error: form.errorKey,
  };
}

/** `path` up to its first step for which `endsAt` is true (that step included). */
function endPath<E extends EventObject>(
  path: ModelPath<E>,
  endsAt: (step: ModelStep<E>) => boolean,
): ModelPath<E> {
  const end = path.steps.findIndex(endsAt);
  if (end === -1) return path;
  const steps = path.steps.slice(0, end + 1);
  return { ...path, steps, target: steps[end]?.stateIds ?? path.target };
}

export interface MachineModel<E extends EventObject, W extends Walk<E> = Walk<E>> {
  /** A person's name for the flow: the script's title. */
  title: string;
  /** The real machine: coverage is counted against its definitions. */
  machine: AnyStateMachine;
  /**
   * Every outcome event names one of these invokes (and the machine has
   * exactly these); default: the calls named in `calls`.
   */
  invokeIds?: readonly string[];
  /**
   * Each call (invoke) in words: what its success is ('The server deletes the
   * account') and what its failure is ('Deleting the account fails', then the
   * server's answer is quoted). Its outcome steps are said so, unless `say`
   * says something else (an outcome neither says is said by its transition).
   */
  calls?: Readonly<Record<string, { done?: string; fails?: string }>>;
  /** One walk, or several (e.g. one per parallel region, or per guard setting). */
  walks: W[];
  /**
   * A step's short name in a test title ('delete.change(password)'); when it
   * gives none, an outcome is named by describeOutcome ('deleteAccount error
   * (errors.network)') and any other event by its type.
   */
  name(event: E): string | undefined;
  /**
   * The step as a person does or sees it ('Type the password'); when it says
   * nothing, the description of the transition the step takes serves.
   */
  say?(event: E): string | undefined;
  /**
   * Where a path's scenes are: 'screen' drops a path that is the start of a
   * longer one (running the longer one checks each state on the way).
   */
  prune?: boolean;
  /**
   * true: run every generated path; by default only the covering ones (see
   * `coveringPaths`), which keeps the suite's time in check.
   */
  everyPath?: boolean;
  /** false for a model with no chart in docs/charts (the journey). */
  chart?: false;
  /**
   * false: the script's endings leave out the context's error keys (for a
   * machine whose error key can outlive what the member sees, or no screen).
   */
  messages?: false;
  /** How a script's last line begins; default 'The member should see'. */
  ending?: string;
}

/** A path of the model, with the walk it belongs to and its stable id. */
export interface IdentifiedPath<E extends EventObject, W extends Walk<E> = Walk<E>>
  extends ModelPath<E> {
  id: string;
  walk: W;
}

/** A path a suite runs: an IdentifiedPath with its steps' names (see MachineModel.name). */
export interface SuitePath<E extends EventObject, W extends Walk<E> = Walk<E>>
  extends IdentifiedPath<E, W> {
  stepNames: string[];
}

/** A step's name: the model's `name`, else describeOutcome, else the event's type. */
function nameOf<E extends EventObject>(model: { name(event: E): string | undefined }) {
  return (event: E): string => model.name(event) ?? describeOutcome(event) ?? event.type;
}

/**
 * The paths worth running: longest first, a path is kept when it takes some
 * step (a named event variant) in a state no kept path took it in, takes a
 * transition no kept path takes, or ends in a state no kept path ends in. Every state, every transition and every
 * variant of every event in every state where it can happen still run (the
 * coverage test checks the first two on the kept paths); paths that only
 * repeat those in another order are left out. Kept in generation order.
 */
function coveringPaths<E extends EventObject, P extends ModelPath<E>>(
  paths: P[],
  name: (event: E) => string,
  walk: Walk<E>,
): P[] {
  const facts = (path: P): string[] => {
    const events = path.steps.map((step) => step.event);
    const taken = [...replay(walk.machine, events, walk.input).transitions].map(describeTransition);
    let before = '(start)';
    const out = path.steps.map((step) => {
      const fact = `${before}|${name(step.event)}`;
      before = step.stateIds.join('+');
      return fact;
    });
    return [...out, ...taken, `end:${path.target.join('+')}`];
  };
  const seen = new Set<string>();
  const kept = new Set<P>();
  for (const path of [...paths].sort((a, b) => b.steps.length - a.steps.length)) {
    const fresh = facts(path).filter((fact) => !seen.has(fact));
    if (fresh.length === 0) continue;
    for (const fact of fresh) seen.add(fact);
    kept.add(path);
  }
  return paths.filter((path) => kept.has(path));
}

/** Every path the suite runs, with ids, in a stable order. */
export function pathsOf<E extends EventObject, W extends Walk<E>>(
  model: MachineModel<E, W>,
): Array<SuitePath<E, W>> {
  const name = nameOf(model);
  const all = model.walks.flatMap((walk) => {
    const paths = generatePaths<E>(walk.machine, {
      events: walk.events,
      ...(walk.input === undefined ? {} : { input: walk.input }),
      ...(walk.serializeState ? { serializeState: walk.serializeState } : {}),
    })
      .map((path) => (walk.endsAt ? endPath(path, walk.endsAt) : path))
      .filter((path) => walk.keep?.(path) ?? true);
    const named =
      model.prune === false
        ? paths.map((p) => ({
            ...p,
            description: p.steps.map((s) => name(s.event)).join(' → ') || '(initial)',
          }))
        : viewPathsOf(paths, name);
    return (model.everyPath ? named : coveringPaths(named, name, walk)).map((path) => ({
      ...path,
      description: walk.label ? `(${walk.label}) ${path.description}` : path.description,
      walk,
      stepNames: path.steps.map((step) => name(step.event)),
    }));
  });
  const unique = all.filter((p, i) => all.findIndex((q) => q.description === p.description) === i);
  return unique.map((path) => ({ ...path, id: pathId(model.machine.id, path.description) }));
}

function leafDescriptions(machine: AnyStateMachine, stateIds: readonly string[]): string[] {
  const leaves = stateIds.filter((id) => !stateIds.some((other) => other.startsWith(`${id}.`)));
  return leaves.map((id) => {
    const node = findNode(machine, id);
    return node?.description ?? id.slice(machine.id.length + 1);
  });
}

function findNode(machine: AnyStateMachine, id: string): AnyStateNode | undefined {
  const parts = id.split('.').slice(1);
  let node: AnyStateNode | undefined = machine.root;
  for (const part of parts) node = node?.states[part] as AnyStateNode | undefined;
  return node;
}

const sentence = (text: string) => (/[.!?]”?$/.test(text) ? text : `${text}.`);

/** The path script of a machine: every path, as numbered plain-English steps. */
export function renderPathScript<E extends EventObject, W extends Walk<E>>(
  model: MachineModel<E, W>,
  paths: Array<IdentifiedPath<E, W>>,
  suiteFile: string,
): string {
  const start = leafDescriptions(model.machine, initialIds(model.machine));
  const lines = [
    `# ${model.title}: the paths to follow by hand`,
    '',
    `Generated by \`npm run charts\` from the suite \`${suiteFile}\`; do not edit.`,
    `Each path below is one test of that suite, named by its id: when a test fails, follow its script here by hand.`,
    ...(model.chart === false
      ? []
      : [
          `The chart: [${model.machine.id}.json](${model.machine.id}.json) (\`npm run charts:view\` draws it).`,
        ]),
    '',
    `${paths.length} paths. At the start: ${start.map(sentence).join(' ')}`,
    '',
  ];
  for (const path of paths) {
    lines.push(`## ${path.id}${path.walk.label ? ` (${path.walk.label})` : ''}`, '');
    if (path.steps.length === 0) lines.push('1. Nothing happens yet.');
    let before = start.join(' ');
    path.steps.forEach((step, index) => {
      const now = leafDescriptions(model.machine, step.stateIds).map(sentence).join(' ');
      const last = index === path.steps.length - 1;
      const said = sayStep(model, path, index);
      // *Now:* only when the screen moved to another state (a form stays in one).
      const moved = !last && now !== before;
      lines.push(`${index + 1}. ${sentence(said)}${moved ? ` *Now:* ${now}` : ''}`);
      before = now;
    });
    const end = [
      ...leafDescriptions(model.machine, path.target),
      ...formFacts(endSnapshot(path).context, model.messages !== false),
    ];
    lines.push(
      '',
      `**${model.ending ?? 'The member should see'}:** ${end.map(sentence).join(' ')}`,
      '',
    );
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

/** The walked machine's snapshot at the end of `path`. */
function endSnapshot<E extends EventObject>(path: IdentifiedPath<E>): { context: unknown } {
  const actor = createActor(
    path.walk.machine,
    path.walk.input === undefined ? {} : { input: path.walk.input },
  );
  actor.start();
  for (const step of path.steps) actor.send(step.event);
  const snapshot = actor.getSnapshot() as { context: unknown };
  actor.stop();
  return snapshot;
}

/**
 * What the member reads on a form (every FormState slice of the context):
 * the error under each field (by its label) and the message under the form.
 */
function formFacts(context: unknown, withMessages: boolean): string[] {
  if (!context || typeof context !== 'object') return [];
  const forms = Object.values(context).filter(
    (slice): slice is Parameters<typeof shownFieldErrors>[0] & { errorKey: string | null } =>
      !!slice && typeof slice === 'object' && 'validationErrors' in slice && 'touched' in slice,
  );
  // Messages kept beside the forms: an 'errorKey' of the context or of a
  // slice that is not a form (a setting's, in the preferences).
  const holders = [context, ...Object.values(context).filter(isPlainSlice)];
  const messages = withMessages
    ? holders.flatMap((holder) =>
        Object.entries(holder)
          .filter(([name, value]) => /errorKey$/i.test(name) && typeof value === 'string')
          .map(([, key]) => `The message reads: “${english(key as string)}”`),
      )
    : [];
  return [...messages, ...formMessages(forms)];
}

/** A slice of context that is an object but not a form. */
function isPlainSlice(slice: unknown): slice is object {
  return !!slice && typeof slice === 'object' && !('validationErrors' in slice);
}

function formMessages(
  forms: Array<Parameters<typeof shownFieldErrors>[0] & { errorKey: string | null }>,
): string[] {
  return forms.flatMap((form) => {
    const shown = Object.entries(shownFieldErrors(form)).map(
      ([field, error]) =>
        `Under “${english(`fields.${field}`)}”: “${fieldErrorText(field, error as { key: string })}”`,
    );
    return form.errorKey ? [...shown, `Under the form: “${english(form.errorKey)}”`] : shown;
  });
}

type Invokes = Pick<MachineModel<EventObject>, 'machine' | 'invokeIds' | 'calls'>;

/** The invokes of the model: `invokeIds`, else the calls it describes. */
function invokesOf(model: Invokes): readonly string[] {
  return model.invokeIds ?? Object.keys(model.calls ?? {});
}

/** The model's machine as walked and played: its invokes quiet (they never settle). */
export function quietMachine(model: Invokes): AnyStateMachine {
  return model.machine.provide({ actors: quietActors(invokesOf(model)) as never });
}

/** An event in words: `say`, else for a call's outcome what `calls` says of it. */
function sayOf<E extends EventObject, W extends Walk<E>>(
  model: MachineModel<E, W>,
  event: E,
): string | undefined {
  const said = model.say?.(event);
  const outcome = parseOutcome(event);
  const call = outcome ? model.calls?.[outcome.id] : undefined;
  if (said || !call) return said;
  if (outcome?.kind === 'done') return call.done;
  return call.fails && sayFailure(call.fails, (event as { error?: unknown }).error);
}

/** What step `index` of `path` is, in words: `sayOf`, else the taken transition's description. */
function sayStep<E extends EventObject, W extends Walk<E>>(
  model: MachineModel<E, W>,
  path: IdentifiedPath<E, W>,
  index: number,
): string {
  const step = path.steps[index] as { event: E };
  const said = sayOf(model, step.event);
  if (said) return said;
  const events = path.steps.slice(0, index + 1).map((s) => s.event);
  const taken = [...replay(path.walk.machine, events, path.walk.input).lastStepTransitions];
  const described = taken.map((t) => t.description).filter(Boolean);
  return described.length > 0 ? described.join(' ') : step.event.type;
}

function initialIds(machine: AnyStateMachine): string[] {
  const out: string[] = [];
  const visit = (node: AnyStateNode) => {
    out.push(node.id);
    if (node.type === 'parallel')
      for (const child of Object.values(node.states)) visit(child as AnyStateNode);
    else if (node.initial) {
      for (const target of node.initial.target) visit(target as AnyStateNode);
    }
  };
  visit(machine.root);
  return out;
}

/** docs/charts/<id>.paths.md holds `script` (`npm run charts`, CHARTS_UPDATE=1, writes it). */
export function expectPathScriptCurrent(id: string, script: string): void {
  const target = join(CHARTS_DIR, `${id}.paths.md`);
  if (process.env.CHARTS_UPDATE === '1') writeFileSync(target, script);
  expect(existsSync(target), `${target} is missing: run npm run charts`).toBe(true);
  expect(readFileSync(target, 'utf8'), `${id}.paths.md is stale: run npm run charts`).toBe(script);
}

export interface DescribeModelOptions<E extends EventObject, W extends Walk<E> = Walk<E>> {
  /** This suite's file, for the script's header: import.meta.filename. */
  file: string;
  /** Runs one path (`playPath` on a screen, or events on the machine). */
  run(path: SuitePath<E, W>): Promise<void> | void;
  /** More tests of the coverage block (e.g. which endings the paths reach). */
  also?(paths: Array<SuitePath<E, W>>): void;
}

/** The three blocks every model suite has (see the top of this file). */
export function describeModel<E extends EventObject, W extends Walk<E> = Walk<E>>(
  model: MachineModel<E, W>,
  { file, run, also }: DescribeModelOptions<E, W>,
): Array<SuitePath<E, W>> {
  const paths = pathsOf(model);
  const suiteFile = `tests/${file.split('/tests/').pop()}`;

  describe(`${model.machine.id} model: coverage of the real machine`, () => {
    it('the paths reach 100 % of the states and 100 % of the transitions', () => {
      const walks = model.walks.map((walk) => ({
        machine: walk.machine,
        paths: paths.filter((p) => p.walk === walk),
        ...(walk.input === undefined ? {} : { input: walk.input }),
      }));
      expectFullCoverage(model.machine, walks, `${paths.length} paths`);
    });

    it('every outcome event names an invoke of the machine', () => {
      const events = paths.flatMap((p) => p.steps.map((s) => s.event));
      expectOutcomesNameInvokes(model.machine, events, invokesOf(model));
      for (const event of events) {
        if (parseOutcome(event)) expect(sayOf(model, event) ?? event.type).not.toBe(event.type);
      }
    });

    it(`the path script docs/charts/${model.machine.id}.paths.md is current`, () => {
      expectPathScriptCurrent(model.machine.id, renderPathScript(model, paths, suiteFile));
    });

    also?.(paths);
  });

  describe(`${model.machine.id} model: every path`, () => {
    it.each(paths.map((path) => [`${path.id} ${path.description}`, path] as const))(
      '%s',
      async (_, path) => {
        await run(path);
      },
    );
  });
  return paths;
}

/**
 * Runs one path on a screen, the usual `run` of a suite: a fresh harness
 * (its fakes), the screen rendered with it, then `playPath` with a member
 * (user-event, no delay) doing each step, then `after` (e.g. stopping an
 * actor the harness started).
 */
export async function playOnScreen<E extends EventObject, S, H>(
  path: ModelPath<E>,
  options: {
    harness: () => H;
    render(harness: H): Promise<unknown>;
    /** The walked machine (its actors quiet) and its input. */
    machine: AnyStateMachine;
    input?: unknown;
    /** Does in the UI what the event stands for; `model` is the state before it. */
    perform(user: UserApi, harness: H, event: E, model: S): Promise<unknown>;
    /** What the member sees in the state `expected`. */
    assertView(expected: S, harness: H): void;
    after?(harness: H): void;
  },
): Promise<void> {
  const user = userEvent.setup({ delay: null });
  const harness = options.harness();
  await options.render(harness);
  await playPath<E, S>(path, {
    machine: options.machine,
    ...(options.input === undefined ? {} : { input: options.input }),
    perform: (event, model) => options.perform(user, harness, event, model),
    assertView: (expected) => options.assertView(expected, harness),
  });
  options.after?.(harness);
}

/** A model whose every path plays on one screen, the machine's invokes quiet (see playOnScreen). */
export interface ScreenModel<E extends EventObject, S, H> extends Omit<MachineModel<E>, 'walks'> {
  /** The walks of the machine (see Walk); each path plays from its walk's input. */
  walks: Array<Omit<Walk<E>, 'machine'>>;
  /** A fresh harness (the screen's fakes) for a path of the walk started with `input`. */
  harness(input: unknown): H;
  render(harness: H): Promise<unknown>;
  /** Does in the UI what the event stands for; `model` is the state before it. */
  perform(user: UserApi, harness: H, event: E, model: S): Promise<unknown>;
  /** What the member sees in the state `expected`. */
  assertView(expected: S, harness: H): void;
  after?(harness: H): void;
  /** More tests of the coverage block (see DescribeModelOptions). */
  also?(paths: Array<SuitePath<E>>): void;
}

/** `describeModel` for a model whose paths play on a screen (see ScreenModel). */
export function describeScreenModel<E extends EventObject, S, H>(
  file: string,
  { walks, harness, render, perform, assertView, after, also, ...model }: ScreenModel<E, S, H>,
): Array<SuitePath<E>> {
  const machine = quietMachine(model);
  return describeModel<E>(
    { ...model, walks: walks.map((walk) => ({ ...walk, machine })) },
    {
      file,
      also,
      run: (path) =>
        playOnScreen<E, S, H>(path, {
          harness: () => harness(path.walk.input),
          render,
          machine,
          input: path.walk.input,
          perform,
          assertView,
          after,
        }),
    },
  );
}

/** Some path takes each step named in `names` (step names), e.g. every outcome of a call. */
export function expectStepsTaken<E extends EventObject>(
  paths: Array<SuitePath<E>>,
  names: readonly string[],
): void {
  const taken = new Set(paths.flatMap((path) => path.stepNames));
  for (const step of names) expect(taken).toContain(step);
}

const EN = loadResources('en');

/**
 * The English text of an error key: of the common namespace ('errors.network'
 * → 'We could not reach…'), or of the one it names ('auth:otp.maybeUsedSignIn').
 */
export function englishOf(key: string): string {
  const [namespace, path] = key.includes(':') ? key.split(':', 2) : ['common', key];
  const text = (path ?? '')
    .split('.')
    .reduce<unknown>(
      (node, part) => (node as Record<string, unknown> | undefined)?.[part],
      EN[namespace ?? 'common'],
    );
  return typeof text === 'string' ? text : key;
}

/**
 * A failed call in plain English: what failed, and what the server's answer
 * says ('The activation request fails: “We could not reach the server…”').
 */
export function sayFailure(what: string, error: unknown): string {
  const key = (error as { key?: string } | undefined)?.key;
  return key ? `${what}: “${englishOf(key)}”` : what;
}
