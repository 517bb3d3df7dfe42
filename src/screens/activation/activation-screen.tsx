import { Link, useNavigate } from '@tanstack/react-router';
import { useSelector } from '@xstate/react';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { activationMachine } from '../../../machines/activation/activation.machine.ts';
import {
  canActivate,
  hasActivated,
  isBusy,
  isStillInactive,
  selectErrorKey,
} from '../../../machines/activation/activation.selectors.ts';
import { deriveMembership } from '../../../machines/membership/derive-membership.ts';
import { selectRecord } from '../../../machines/membership/membership.selectors.ts';
import { useMembership } from '../../app/services.tsx';
import { useFlow } from '../../app/use-flow.ts';
import { FormAlert } from '../../components/form-alert.tsx';
import { SubmitButton } from '../../components/submit-button.tsx';
import { useErrorText } from '../../i18n/translate.ts';

const STEPS = ['1', '2', '3'] as const;

/** The server's own texts have no full stop ("Access denied", spec 8): between two sentences, one is added. */
const endWithStop = (text: string) => (/[.!?…]$/.test(text) ? text : `${text}.`);

/** /activation (spec 2): how the club works, and the button that activates the membership. */
export function ActivationScreen() {
  const { t } = useTranslation(['member', 'common']);
  const { keyText } = useErrorText();
  const navigate = useNavigate();
  const [snapshot, send] = useFlow(activationMachine, 'activation', {
    view: {
      goToBilling: () => void navigate({ to: '/billing', replace: true }),
      goToSubscription: () => void navigate({ to: '/subscription', replace: true }),
    },
  });
  const busy = isBusy(snapshot);
  const errorKey = selectErrorKey(snapshot);
  const failure = errorKey
    ? `${t('member:activation.failed')} ${endWithStop(keyText(errorKey))} ${t('member:activation.retry')}`
    : null;
  const stillInactive = isStillInactive(snapshot);
  // A member here with a membership has one that is no longer active (an active one goes on
  // to /dashboard): its free first year may be over, so the lead promises none. The membership
  // this page has just created comes in before the next page opens: the lead stays as it was.
  const record = useSelector(useMembership(), selectRecord);
  const hasMembership = record !== null;
  const [renewing, setRenewing] = useState(hasMembership);
  if (!hasActivated(snapshot) && renewing !== hasMembership) setRenewing(hasMembership);
  // Activated in another tab (open tabs follow each other's membership): an active member
  // goes on to /dashboard, as the route's guard sends one. Not while this page activates
  // (only where the button can be pressed: idle, failed or still inactive).
  const settled = canActivate(snapshot);
  useEffect(() => {
    if (settled && deriveMembership(record, Date.now()).isActive) {
      void navigate({ to: '/dashboard', replace: true });
    }
  }, [settled, record, navigate]);

  return (
    <section className="card member-page activation" aria-labelledby="activation-title">
      <h1 id="activation-title">{t('member:activation.title')}</h1>
      <p className="member-page__lead">
        {t(renewing ? 'member:activation.subtitleRenew' : 'member:activation.subtitle')}
      </p>
      <h2 id="activation-how">{t('member:activation.howItWorks')}</h2>
      <ol className="activation__steps" aria-labelledby="activation-how">
        {STEPS.map((step) => (
          <li key={step}>
            {/* The first step promises a free membership only to a member who never had one. */}
            {t(
              renewing && step === '1'
                ? 'member:activation.renewStep'
                : `member:activation.steps.${step}`,
            )}
          </li>
        ))}
      </ol>
      <FormAlert id="activation-error">{failure}</FormAlert>
      <FormAlert id="activation-inactive" tone="info">
        {stillInactive ? t('member:activation.stillInactive') : null}
      </FormAlert>
      {stillInactive ? (
        <p>
          <Link to="/dashboard">{t('member:activation.toDashboard')}</Link>
        </p>
      ) : null}
      <SubmitButton
        type="button"
        busy={busy}
        busyLabel={t('member:activation.submitting')}
        disabled={!canActivate(snapshot)}
        aria-describedby={
          failure ? 'activation-error' : stillInactive ? 'activation-inactive' : undefined
        }
        onClick={() => send({ type: 'activation.activate' })}
      >
        {t('member:activation.submit')}
      </SubmitButton>
    </section>
  );
}
