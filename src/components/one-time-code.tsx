import { useSelector } from '@xstate/react';
import type { FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { type OtpMachine, RESEND_COOLDOWN_MS } from '../../machines/otp/otp.machine.ts';
import {
  canSubmitCode,
  isCheckingCode,
  isCodeCoolingDown,
  isSendingCode,
} from '../../machines/otp/otp.selectors.ts';
import { useErrorText } from '../i18n/translate.ts';
import { FormAlert } from './form-alert.tsx';
import { OtpInput } from './otp-input.tsx';
import { ResendButton } from './resend-button.tsx';
import { SubmitButton } from './submit-button.tsx';

export type OtpActor = ActorRefFrom<OtpMachine>;

export interface OneTimeCodeTexts {
  submit: string;
  checking: string;
  noCode: string;
  resend: string;
  resending: string;
}

/**
 * The one-time-code step's form over the otp machine's actor (sign-in and
 * forgot password): six boxes, Next, the 'code sent' status, Resend with its
 * countdown. `newCodeNote` is what the status says when a code the member
 * asked for again went out (until a failure shows).
 */
export function OneTimeCode({
  actor,
  id,
  texts,
  newCodeNote,
}: {
  actor: OtpActor;
  id: string;
  texts: OneTimeCodeTexts;
  newCodeNote: string;
}) {
  const { t } = useTranslation('common');
  const { keyText } = useErrorText();
  const snapshot = useSelector(actor, (s) => s);
  const { code, errorKey, sentCount, newCode } = snapshot.context;
  const checking = isCheckingCode(snapshot);
  const sending = isSendingCode(snapshot);

  const submit = (event?: FormEvent) => {
    event?.preventDefault();
    actor.send({ type: 'otp.submit' });
  };

  return (
    <>
      <form noValidate onSubmit={submit}>
        <OtpInput
          id={id}
          label={t('fields.otp')}
          value={code}
          onChange={(next) => actor.send({ type: 'otp.change', code: next })}
          onComplete={() => submit()}
          error={errorKey ? keyText(errorKey) : undefined}
          disabled={checking}
        />
        <FormAlert tone="success">{newCode === 'sent' && !sending ? newCodeNote : null}</FormAlert>
        <SubmitButton
          busy={checking}
          busyLabel={texts.checking}
          disabled={!canSubmitCode(snapshot)}
        >
          {texts.submit}
        </SubmitButton>
      </form>
      <p className="auth-form__aside">
        {texts.noCode}{' '}
        <ResendButton
          label={texts.resend}
          busyLabel={texts.resending}
          busy={sending}
          coolingDown={isCodeCoolingDown(snapshot)}
          sentCount={sentCount}
          cooldownSeconds={RESEND_COOLDOWN_MS / 1000}
          onResend={() => actor.send({ type: 'otp.resend' })}
        />
      </p>
    </>
  );
}
