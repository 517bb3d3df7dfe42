import { useMachine } from '@xstate/react';
import type { ActorOptions, AnyStateMachine } from 'xstate';
import { useServices } from './services.tsx';

/**
 * `useMachine` for a screen's flow, with the app's inspector attached when
 * inspection is on (see inspector.ts), so every running actor shows in Stately.
 */
export function useFlowMachine<TMachine extends AnyStateMachine>(
  machine: TMachine,
  options?: ActorOptions<TMachine>,
) {
  const { inspect } = useServices();
  return useMachine(machine, {
    ...options,
    ...(inspect ? { inspect } : {}),
  } as never) as ReturnType<typeof useMachine<TMachine>>;
}
