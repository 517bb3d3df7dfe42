/**
 * Fakes shared by the member-screen tests (registration, activation, billing,
 * dashboard; views and model suites): API calls the test settles by hand, a
 * stand-in for the session actor holding the user, and the REAL membership
 * machine loading through the fake API.
 */
import { act } from '@testing-library/react';
import { vi } from 'vitest';
import { assign, createActor, fromPromise, setup } from 'xstate';
import { membershipMachine } from '../../machines/membership/membership.machine.ts';
import type { Membership, User } from '../../machines/shared/domain.ts';
import { EMPTY_USER } from '../../machines/shared/domain.ts';
import { ApiError } from '../../src/api/api-error.ts';
import type { MembershipActor, SessionActor } from '../../src/app/services.tsx';

// jsdom has no scrolling; the router scrolls to the top after loading a route.
window.scrollTo = (() => {}) as typeof window.scrollTo;

export const USER: User = {
  ...EMPTY_USER,
  _id: 'u_id_1',
  id: 'u_1',
  firstName: 'Marie',
  lastName: 'Tremblay',
  email: 'marie@example.ca',
  phone: '+15145550123',
};

export const USER_WITH_ADDRESS: User = {
  ...USER,
  billingAddress: {
    country_code: 'CA',
    address_1: '123 rue Saint-Denis',
    address_2: 'App. 4',
    city: 'Montréal',
    province: 'QC',
    postal_code: 'H2X 1Y4',
  },
};

export const RECORD: Membership = {
  _id: '64f0c0ffee00000000000001',
  id: 'mbr-7f3a',
  externalId: 'sub_ext_1',
  validTo: '2026-11-22T12:00:00.000Z',
  cancelledAt: null,
  chargerOrderedAt: null,
};

export const networkError = () => new ApiError({ kind: 'network', key: 'errors.network' });
export const httpError = (status: number, key: string) =>
  new ApiError({ kind: 'http', status, key });

interface PendingCall {
  args: unknown[];
  resolve(value: unknown): void;
  reject(error: unknown): void;
  settled: boolean;
}

/** Every call of a faked async function, each a promise the test settles. */
export class PendingCalls {
  private readonly calls = new Map<string, PendingCall[]>();

  fn<T>(name: string) {
    return vi.fn(
      (...args: unknown[]) =>
        new Promise<T>((resolve, reject) => {
          const list = this.calls.get(name) ?? [];
          list.push({ args, resolve: resolve as (value: unknown) => void, reject, settled: false });
          this.calls.set(name, list);
        }),
    );
  }

  /** The calls of `name` not settled yet. */
  open(name: string): number {
    return (this.calls.get(name) ?? []).filter((call) => !call.settled).length;
  }

  /** Settles the latest open call of `name` (throws when there is none). */
  async settle(
    name: string,
    outcome: { output: unknown } | { error: unknown },
  ): Promise<unknown[]> {
    const call = [...(this.calls.get(name) ?? [])].reverse().find((c) => !c.settled);
    if (!call) throw new Error(`No open ${name} call to settle`);
    call.settled = true;
    await act(async () => {
      if ('error' in outcome) call.reject(outcome.error);
      else call.resolve(outcome.output);
    });
    return call.args;
  }
}

/** A stand-in for the session actor: the user, replaced by `session.userUpdated`. */
const sessionStub = setup({
  types: {
    context: {} as { user: User; reloads: number },
    input: {} as { user: User },
    events: {} as
      | { type: 'session.userUpdated'; user: User }
      | { type: 'session.reloadUser' }
      | { type: 'session.signOut' },
  },
}).createMachine({
  id: 'sessionStub',
  context: ({ input }) => ({ user: input.user, reloads: 0 }),
  on: {
    'session.userUpdated': { actions: assign({ user: ({ event }) => event.user }) },
    'session.reloadUser': { actions: assign({ reloads: ({ context }) => context.reloads + 1 }) },
    'session.signOut': {},
  },
});

export function createSession(user: User = USER) {
  const actor = createActor(sessionStub, { input: { user } });
  actor.start();
  return {
    session: actor as unknown as SessionActor,
    /** Sets the user as a reload would (outside React's render). */
    setUser: (next: User) => actor.send({ type: 'session.userUpdated', user: next }),
    user: () => actor.getSnapshot().context.user,
  };
}

/** The real membership machine; `load` is GET club/memberships. */
export function createMembership(load: () => Promise<Membership | null>, record?: Membership) {
  const actor = createActor(
    membershipMachine.provide({ actors: { loadMembership: fromPromise(() => load()) } }),
  );
  actor.start();
  if (record) actor.send({ type: 'membership.hydrate', record });
  return actor as MembershipActor;
}
