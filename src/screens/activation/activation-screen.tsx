import { useNavigate } from '@tanstack/react-router';
import { activationMachine } from '../../../machines/activation/activation.machine.ts';
import {
  canActivate,
  isBusy,
  selectErrorKey,
} from '../../../machines/activation/activation.selectors.ts';
import { useFlow } from '../../app/use-flow.ts';
import { FormAlert } from '../../components/form-alert.tsx';
import { SubmitButton } from '../../components/submit-button.tsx';
import { useErrorText } from '../../i18n/translate.ts';
import { useMemberText } from '../dashboard/member-text.ts';

const STEPS = ['1', '2', '3'] as const;

/** /activation (spec 2): how the club works, and the button that activates the membership. */
export function ActivationScreen() {
  const { mt } = useMemberText();
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
