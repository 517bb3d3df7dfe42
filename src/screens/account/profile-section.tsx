import type { FormEvent } from 'react';
import {
  canSaveProfile,
  isProfileSaved,
  isProfileSaving,
  selectProfileErrors,
} from '../../../machines/account/account.selectors.ts';
import {
  type ProfileField,
  profileFormMachine,
} from '../../../machines/account/profile-form.machine.ts';
import type { User } from '../../../machines/shared/domain.ts';
import { useFlow } from '../../app/use-flow.ts';
import { FormAlert } from '../../components/form-alert.tsx';
import { PhoneField } from '../../components/phone-field.tsx';
import { SubmitButton } from '../../components/submit-button.tsx';
import { TextField } from '../../components/text-field.tsx';
import { useErrorText } from '../../i18n/translate.ts';
import { useAccountText } from './account-text.ts';

/** First name, last name and phone (registration rules), saved with PUT client/auth/profile. */
export function ProfileSection({ user }: { user: User }) {
  const { at, t } = useAccountText();
  const { keyText, fieldText } = useErrorText();
  const [snapshot, send] = useFlow(profileFormMachine, 'profileForm', {
    input: { firstName: user.firstName, lastName: user.lastName, phone: user.phone },
  });
  const { values, errorKey } = snapshot.context;
  const saving = isProfileSaving(snapshot);
  const errors = selectProfileErrors(snapshot);

  const change = (field: ProfileField) => (value: string) =>
    send({ type: 'profile.change', field, value });
  const blur = (field: ProfileField) => () => send({ type: 'profile.blur', field });
  const errorOf = (field: ProfileField) => (errors[field] ? fieldText(errors[field]) : undefined);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'profile.submit' });
  };

  return (
    <section className="card account__section" aria-labelledby="account-profile-title">
      <h2 id="account-profile-title">{at('profile.title')}</h2>
      <form
        noValidate
        onSubmit={submit}
        aria-describedby={errorKey ? 'account-profile-error' : undefined}
      >
        <TextField
          id="account-first-name"
          label={t('common:fields.firstName')}
          value={values.firstName}
          onValueChange={change('firstName')}
          onBlur={blur('firstName')}
          error={errorOf('firstName')}
          readOnly={saving}
          autoComplete="given-name"
          required
        />
        <TextField
          id="account-last-name"
          label={t('common:fields.lastName')}
          value={values.lastName}
          onValueChange={change('lastName')}
          onBlur={blur('lastName')}
          error={errorOf('lastName')}
          readOnly={saving}
          autoComplete="family-name"
          required
        />
        <PhoneField
          id="account-phone"
          label={t('common:fields.phone')}
          value={values.phone}
          onValueChange={change('phone')}
          onBlur={blur('phone')}
          error={errorOf('phone')}
          readOnly={saving}
          required
        />
        <TextField
          id="account-email"
          label={at('profile.email')}
          value={user.email}
          onValueChange={() => {}}
          hint={at('profile.emailHint')}
          type="email"
          readOnly
        />
        <FormAlert id="account-profile-error">{errorKey ? keyText(errorKey) : null}</FormAlert>
        <FormAlert tone="success">
          {isProfileSaved(snapshot) ? at('profile.saved') : null}
        </FormAlert>
        <SubmitButton
          busy={saving}
          busyLabel={at('profile.submitting')}
          disabled={!canSaveProfile(snapshot)}
        >
          {at('profile.submit')}
        </SubmitButton>
      </form>
    </section>
  );
}
