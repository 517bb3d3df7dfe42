import type { RegistrationDraft } from '../../../machines/registration/registration.machine.ts';
import { isSignedIn } from '../../../machines/session/session.selectors.ts';
import type { AppServices } from '../../app/services.tsx';

/**
 * What was typed on the sign-up form but the password, when the form was left
 * unfinished (a link, Back): the next visit opens with it (QA: Back, or "Sign
 * in" and back, emptied the form). One per app, keyed by its services (one per
 * tab); in memory only, so a reload starts afresh. A sign-in forgets it: the
 * person at the keyboard may change at the sign-out that follows, and the next
 * one must not find the last one's name, phone and email.
 */
const drafts = new WeakMap<AppServices, { draft: RegistrationDraft; stop(): void }>();

/** The draft the form opens with, if one is kept. */
export function draftOf(services: AppServices): RegistrationDraft | undefined {
  return drafts.get(services)?.draft;
}

/** Keeps `draft` (none: forgets it) until the next sign-in; never while signed in. */
export function keepDraft(services: AppServices, draft: RegistrationDraft | undefined): void {
  drafts.get(services)?.stop();
  drafts.delete(services);
  const { session } = services;
  if (!draft || isSignedIn(session.getSnapshot())) return;
  const watch = session.subscribe((snapshot) => {
    if (isSignedIn(snapshot)) keepDraft(services, undefined);
  });
  drafts.set(services, { draft, stop: () => watch.unsubscribe() });
}
