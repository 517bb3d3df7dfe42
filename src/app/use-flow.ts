import { useMachine } from '@xstate/react';
import { useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorOptions, AnyStateMachine, MachineImplementationsFrom } from 'xstate';
import {
  createFlows,
  type FlowMachines,
  type FlowName,
  type FlowServices,
  type Flows,
} from './flows.ts';
import { type AppServices, useServices } from './services.tsx';

type ActionsOf<M extends AnyStateMachine> = NonNullable<MachineImplementationsFrom<M>['actions']>;
type ActorsOf<M extends AnyStateMachine> = NonNullable<MachineImplementationsFrom<M>['actors']>;

export interface UseFlowOptions<M extends AnyStateMachine> {
  /** The effects the view owns (where to go next); the rest comes from flows.ts. */
  view?: Partial<ActionsOf<M>>;
  /**
   * Actors the view owns (e.g. loading code that renders components), taken
   * once when the flow starts: they close over refs or state setters.
   */
  viewActors?: Partial<ActorsOf<M>>;
  input?: ActorOptions<M>['input'];
}

/** The flows composed for each services object, on first use. */
const composed = new WeakMap<AppServices, Flows>();

function flowsOf(services: AppServices, i18n: FlowServices['i18n']): Flows {
  if (services.flows) return services.flows;
  let flows = composed.get(services);
  if (!flows) {
    flows = createFlows({ ...services, i18n });
    composed.set(services, flows);
  }
  return flows;
}

/**
 * Runs a screen's flow: its machine, with the app's effects for it (flows.ts)
 * and the view's own (`view`, read at call time, so they may close over
 * render values), and the Stately inspector attached when inspection is on.
 */
export function useFlow<N extends FlowName, M extends FlowMachines[N]>(
  machine: M,
  name: N,
  { view, viewActors, input }: UseFlowOptions<M> = {},
) {
  const services = useServices();
  const { i18n } = useTranslation('common');
  const viewRef = useRef(view);
  useLayoutEffect(() => {
    viewRef.current = view;
  });
  const [logic] = useState(() => {
    const app = flowsOf(services, i18n)[name] as {
      actions?: Record<string, unknown>;
      actors?: Record<string, unknown>;
    };
    const viewActions = Object.fromEntries(
      Object.keys(view ?? {}).map((key) => [
        key,
        (...args: unknown[]) =>
          (viewRef.current as Record<string, (...a: unknown[]) => void> | undefined)?.[key]?.(
            ...args,
          ),
      ]),
    );
    return machine.provide({
      ...app,
      actions: { ...app.actions, ...viewActions },
      actors: { ...app.actors, ...viewActors },
    } as never) as M;
  });
  return useMachine(logic, {
    ...(input === undefined ? {} : { input }),
    ...(services.inspect ? { inspect: services.inspect } : {}),
  } as never) as ReturnType<typeof useMachine<M>>;
}
