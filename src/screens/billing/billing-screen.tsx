import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, type KeyboardEvent, useState } from 'react';
import {
  billingMachine,
  type EditableBillingField,
} from '../../../machines/billing/billing.machine.ts';
import {
  canSubmit,
  isBusy,
  selectErrorKey,
  selectFieldErrors,
} from '../../../machines/billing/billing.selectors.ts';
import {
  billingValuesFromAddress,
  normalizePostalCode,
  PROVINCE_CODES,
} from '../../../machines/forms/billing.schema.ts';
import { selectUser } from '../../../machines/session/session.selectors.ts';
import { useServices } from '../../app/services.tsx';
import { useFlow } from '../../app/use-flow.ts';
import { FormAlert } from '../../components/form-alert.tsx';
import { SubmitButton } from '../../components/submit-button.tsx';
import { TextField } from '../../components/text-field.tsx';
import { useErrorText } from '../../i18n/translate.ts';
import { useMemberText } from '../dashboard/member-text.ts';

const ERROR_ID = 'billing-error';

/** /billing (spec 2): the billing address, country fixed to Canada. */
export function BillingScreen() {
  const { mt, t, i18n } = useMemberText();
  const { keyText, fieldText } = useErrorText();
  const { session } = useServices();
  const navigate = useNavigate();
  // The user's stored address, read once: the form starts from it.
  const [initial] = useState(() =>
    billingValuesFromAddress(selectUser(session.getSnapshot()).billingAddress),
  );
  const [snapshot, send] = useFlow(billingMachine, 'billing', {
    input: { initial },
    view: { goToSubscription: () => void navigate({ to: '/subscription', replace: true }) },
  });
  const { values } = snapshot.context;
  const errors = selectFieldErrors(snapshot);
  const errorKey = selectErrorKey(snapshot);
  const busy = isBusy(snapshot);
  const language = i18n.resolvedLanguage ?? i18n.language;
  // The 13 provinces and territories by their translated names; the value is the code.
  const provinces = PROVINCE_CODES.map((code) => ({
    value: code,
    label: mt(`provinces.${code}`),
  })).sort((a, b) => a.label.localeCompare(b.label, language));

  const change = (field: EditableBillingField) => (value: string) =>
    send({ type: 'billing.change', field, value });
  const blur = (field: EditableBillingField) => () => send({ type: 'billing.blur', field });
  const errorOf = (field: EditableBillingField) =>
    errors[field] ? fieldText(errors[field]) : undefined;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    send({ type: 'billing.submit' });
  };
  // Enter submits (spec 5), also before the form is valid: the errors then show.
  const onKeyDown = (event: KeyboardEvent<HTMLFormElement>) => {
    if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
    event.preventDefault();
    if (!busy) send({ type: 'billing.submit' });
  };
  const onPostalCodeBlur = () => {
    const normalized = normalizePostalCode(values.postalCode.trim());
    if (normalized !== values.postalCode)
      send({ type: 'billing.change', field: 'postalCode', value: normalized });
    send({ type: 'billing.blur', field: 'postalCode' });
  };

  return (
    <section className="card member-page billing" aria-labelledby="billing-title">
      <h1 id="billing-title">{mt('billing.title')}</h1>
      <p className="member-page__lead">{mt('billing.subtitle')}</p>
      <form
        noValidate
        onSubmit={onSubmit}
        onKeyDown={onKeyDown}
        aria-describedby={errorKey ? ERROR_ID : undefined}
      >
        <TextField
          id="billing-country"
          label={t('common:fields.country')}
          value={mt('billing.country')}
          onValueChange={() => {}}
          disabled
        />
        <TextField
          id="billing-address1"
          label={t('common:fields.address1')}
          value={values.address1}
          onValueChange={change('address1')}
          onBlur={blur('address1')}
          error={errorOf('address1')}
          readOnly={busy}
          autoComplete="address-line1"
          required
        />
        <TextField
          id="billing-address2"
          label={t('common:fields.address2')}
          value={values.address2}
          onValueChange={change('address2')}
          onBlur={blur('address2')}
          error={errorOf('address2')}
          readOnly={busy}
          autoComplete="address-line2"
        />
        <TextField
          id="billing-city"
          label={t('common:fields.city')}
          value={values.city}
          onValueChange={change('city')}
          onBlur={blur('city')}
          error={errorOf('city')}
          readOnly={busy}
          autoComplete="address-level2"
          required
        />
        <TextField
          id="billing-postal-code"
          label={t('common:fields.postalCode')}
          value={values.postalCode}
          onValueChange={change('postalCode')}
          onBlur={onPostalCodeBlur}
          error={errorOf('postalCode')}
          readOnly={busy}
          autoComplete="postal-code"
          autoCapitalize="characters"
          spellCheck={false}
          required
        />
        <SelectField
          id="billing-province"
          label={t('common:fields.province')}
          value={values.province}
          onValueChange={change('province')}
          onBlur={blur('province')}
          error={errorOf('province')}
          disabled={busy}
          placeholder={mt('billing.provincePlaceholder')}
          options={provinces}
        />
        <FormAlert id={ERROR_ID}>{errorKey ? keyText(errorKey) : null}</FormAlert>
        <SubmitButton
          busy={busy}
          busyLabel={mt('billing.submitting')}
          disabled={!canSubmit(snapshot)}
        >
          {mt('billing.submit')}
        </SubmitButton>
      </form>
    </section>
  );
}

interface SelectFieldProps {
  id: string;
  label: string;
  value: string;
  onValueChange(value: string): void;
  onBlur(): void;
  error: string | undefined;
  disabled: boolean;
  placeholder: string;
  options: Array<{ value: string; label: string }>;
}

/** A labelled native select whose error is tied to it, like TextField. */
function SelectField({
  id,
  label,
  value,
  onValueChange,
  onBlur,
  error,
  disabled,
  placeholder,
  options,
}: SelectFieldProps) {
  const errorId = error ? `${id}-error` : undefined;
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      <div className="field__control">
        <select
          id={id}
          className="field__select"
          value={value}
          onChange={(event) => onValueChange(event.currentTarget.value)}
          onBlur={onBlur}
          disabled={disabled}
          required
          autoComplete="address-level1"
          aria-invalid={error ? true : undefined}
          aria-describedby={errorId}
        >
          <option value="" disabled>
            {placeholder}
          </option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      </div>
      {error ? (
        <p className="field__error" id={errorId}>
          {error}
        </p>
      ) : null}
    </div>
  );
}
