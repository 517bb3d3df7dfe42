import { useNavigate } from '@tanstack/react-router';
import { type FormEvent, type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { billingMachine } from '../../../machines/billing/billing.machine.ts';
import {
  canSubmitBilling,
  isBillingBusy,
  selectBillingForm,
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
import { type FieldBinding, useFormFields } from '../../components/use-form-fields.ts';

const ERROR_ID = 'billing-error';

/** /billing (spec 2): the billing address, country fixed to Canada. */
export function BillingScreen() {
  const { t, i18n } = useTranslation(['member', 'common']);
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
  const busy = isBillingBusy(snapshot);
  const form = selectBillingForm(snapshot);
  const { field, formProps, errorText } = useFormFields('billing', form, send, {
    errorId: ERROR_ID,
    busy,
  });
  const language = i18n.resolvedLanguage ?? i18n.language;
  // The 13 provinces and territories by their translated names; the value is the code.
  const provinces = PROVINCE_CODES.map((code) => ({
    value: code,
    label: t(`member:provinces.${code}`),
  })).sort((a, b) => a.label.localeCompare(b.label, language));

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
    const { postalCode } = form.values;
    const normalized = normalizePostalCode(postalCode.trim());
    if (normalized !== postalCode)
      send({ type: 'billing.change', field: 'postalCode', value: normalized });
    send({ type: 'billing.blur', field: 'postalCode' });
  };

  return (
    <section className="card member-page billing" aria-labelledby="billing-title">
      <h1 id="billing-title">{t('member:billing.title')}</h1>
      <p className="member-page__lead">{t('member:billing.subtitle')}</p>
      <form {...formProps} onSubmit={onSubmit} onKeyDown={onKeyDown}>
        <TextField
          id="billing-country"
          label={t('common:fields.country')}
          value={t('member:billing.country')}
          onValueChange={() => {}}
          disabled
        />
        <TextField
          id="billing-address1"
          label={t('common:fields.address1')}
          {...field('address1')}
          autoComplete="address-line1"
          required
        />
        <TextField
          id="billing-address2"
          label={t('common:fields.address2')}
          {...field('address2')}
          autoComplete="address-line2"
        />
        <TextField
          id="billing-city"
          label={t('common:fields.city')}
          {...field('city')}
          autoComplete="address-level2"
          required
        />
        <TextField
          id="billing-postal-code"
          label={t('common:fields.postalCode')}
          {...field('postalCode')}
          onBlur={onPostalCodeBlur}
          autoComplete="postal-code"
          autoCapitalize="characters"
          spellCheck={false}
          required
        />
        <SelectField
          id="billing-province"
          label={t('common:fields.province')}
          {...field('province')}
          placeholder={t('member:billing.provincePlaceholder')}
          options={provinces}
        />
        <FormAlert id={ERROR_ID}>{errorText}</FormAlert>
        <SubmitButton
          busy={busy}
          busyLabel={t('member:billing.submitting')}
          disabled={!canSubmitBilling(snapshot)}
        >
          {t('member:billing.submit')}
        </SubmitButton>
      </form>
    </section>
  );
}

interface SelectFieldProps extends FieldBinding {
  id: string;
  label: string;
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
  readOnly,
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
          disabled={readOnly}
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
