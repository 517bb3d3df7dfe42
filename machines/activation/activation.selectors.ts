import type { SnapshotFrom } from 'xstate';
import type { ActivationMachine } from './activation.machine.ts';

export type ActivationSnapshot = SnapshotFrom<ActivationMachine>;

/** The button shows its loading state (activating or refreshing). */
export function isBusy(snapshot: ActivationSnapshot): boolean {
  return snapshot.hasTag('busy');
}

/** The button can be pressed: idle, after a failure, or with a membership that stays inactive (stillInactive). */
export function canActivate(snapshot: ActivationSnapshot): boolean {
  return snapshot.matches('idle') || snapshot.matches('failed') || isStillInactive(snapshot);
}

/** The member has a membership that is not active, which the server will not activate again. */
export function isStillInactive(snapshot: ActivationSnapshot): boolean {
  return snapshot.matches('stillInactive');
}

/**
 * The server created the membership: the page reloads it, then goes on to the next page. What
 * the page says about the member's membership stays as the member found it meanwhile.
 */
export function hasActivated(snapshot: ActivationSnapshot): boolean {
  return (
    snapshot.matches('refreshing') ||
    snapshot.matches('toBilling') ||
    snapshot.matches('toSubscription')
  );
}

export function selectErrorKey(snapshot: ActivationSnapshot): string | null {
  return snapshot.context.errorKey;
}
