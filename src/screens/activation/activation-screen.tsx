import { useMemo } from 'react';
import { fromPromise, waitFor } from 'xstate';
import type { ActivationRefreshResult } from '../../../machines/activation/activation.machine.ts';
import { activationMachine } from '../../../machines/activation/activation.machine.ts';
import {
  canActivate,
  isBusy,
  selectErrorKey,
} from '../../../machines/activation/activation.selectors.ts';
import {
  hasLoadFailed,
  isLoading,
  isSettled,
  selectErrorKey as selectMembershipErrorKey,
} from '../../../machines/membership/membership.selectors.ts';
import { selectUser } from '../../../machines/session/session.selectors.ts';
import { hasBillingAddress } from '../../../machines/shared/domain.ts';
import { type AppServices, useServices } from '../../app/services.tsx';
import { useFlowMachine } from '../../app/use-flow-machine.ts';
import { FormAlert } from '../../components/form-alert.tsx';
import { SubmitButton } from '../../components/submit-button.tsx';
import { useErrorText } from '../../i18n/translate.ts';
import { useMemberText } from '../dashboard/member-text.ts';

/** How long the screen waits for the refetched membership before going on without it. */
export const MEMBERSHIP_REFRESH_TIMEOUT_MS = 10_000;

const STEPS = ['1', '2', '3'] as const;

/**
 * After POST club/memberships: the cached membership is stale, so it is
 * invalidated and loaded again (the guards and the dashboard read it); then the
 * session's user tells whether a billing address is still needed.
 */
export async function refreshAfterActivation({
  membership,
  session,
}: Pick<AppServices, 'membership' | 'session'>): Promise<ActivationRefreshResult> {
  membership.send({ type: 'membership.invalidate' });
  const snapshot = await waitFor(membership, (s) => isSettled(s) && !isLoading(s), {
    timeout: MEMBERSHIP_REFRESH_TIMEOUT_MS,
  });
  if (hasLoadFailed(snapshot)) {
    throw Object.assign(new Error('The membership could not be loaded after activation'), {
      key: selectMembershipErrorKey(snapshot) ?? 'errors.unknown',
    });
  }
  return { hasBillingAddress: hasBillingAddress(selectUser(session.getSnapshot())) };
}

/** /activation (spec 2): how the club works, and the button that activates the membership. */
export function ActivationScreen() {
  const { mt } = useMemberText();
  const { keyText } = useErrorText();
  const { api, membership, session, logger, navigate } = useServices();
  const machine = useMemo(
    () =>
      activationMachine.provide({
        actors: {
          activateMembership: fromPromise(() => api.memberships.activate()),
          refreshAfterActivation: fromPromise(() =>
            refreshAfterActivation({ membership, session }),
          ),
        },
        actions: {
          logError: ({ event }) =>
            logger.error('Membership activation', (event as { error?: unknown }).error),
          goToBilling: () => navigate('/billing'),
          goToSubscription: () => navigate('/subscription'),
        },
      }),
    [api, membership, session, logger, navigate],
  );
  const [snapshot, send] = useFlowMachine(machine);
  const busy = isBusy(snapshot);
  const errorKey = selectErrorKey(snapshot);
  const failure = errorKey
    ? `${mt('activation.failed')} ${keyText(errorKey)} ${mt('activation.retry')}`
    : null;

  return (
    <section className="card member-page activation" aria-labelledby="activation-title">
      <h1 id="activation-title">{mt('activation.title')}</h1>
      <p className="member-page__lead">{mt('activation.subtitle')}</p>
      <h2 id="activation-how">{mt('activation.howItWorks')}</h2>
      <ol className="activation__steps" aria-labelledby="activation-how">
        {STEPS.map((step) => (
          <li key={step}>{mt(`activation.steps.${step}`)}</li>
        ))}
      </ol>
      <FormAlert id="activation-error">{failure}</FormAlert>
      <SubmitButton
        type="button"
        busy={busy}
        busyLabel={mt('activation.submitting')}
        disabled={!canActivate(snapshot)}
        aria-describedby={failure ? 'activation-error' : undefined}
        onClick={() => send({ type: 'activation.activate' })}
      >
        {mt('activation.submit')}
      </SubmitButton>
    </section>
  );
}
