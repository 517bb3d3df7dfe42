import { useLocation, useNavigate, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
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
import { FormFields, FormFooter } from '../../components/form-fields.tsx';
import { describedByOf, FieldFrame, TextField } from '../../components/text-field.tsx';
import { type FieldBinding, useFormFields } from '../../components/use-form-fields.ts';
import { useKeepFocus } from '../../components/use-keep-focus.ts';

/** /billing (spec 2): the billing address, country fixed to Canada. */
export function BillingScreen() {
  const { t, i18n } = useTranslation(['member', 'common']);
  const { session } = useServices();
  const navigate = useNavigate();
  const { history } = useRouter();
  const fromCheckout = useLocation({ select: (location) => location.state.fromCheckout === true });
  // The user's stored address, read once: the form starts from it.
  const [initial] = useState(() =>
    billingValuesFromAddress(selectUser(session.getSnapshot()).billingAddress),
  );
  const [snapshot, send] = useFlow(billingMachine, 'billing', {
    input: { initial },
    view: {
      // From the checkout, back to its own entry (a new one would leave two in the history);
      // on the way in (activation), this step's entry becomes the checkout's.
      goToSubscription: () =>
        fromCheckout ? history.back() : void navigate({ to: '/subscription', replace: true }),
    },
  });
  const busy = isBillingBusy(snapshot);
  const form = selectBillingForm(snapshot);
  const { field, formProps, footer } = useFormFields('billing', form, send, {
    busy,
    submitOnEnter: true,
  });
  const language = i18n.resolvedLanguage ?? i18n.language;
  // The 13 provinces and territories by their translated names; the value is the code.
  const provinces = PROVINCE_CODES.map((code) => ({
    value: code,
    label: t(`member:provinces.${code}`),
  })).sort((a, b) => a.label.localeCompare(b.label, language));

  // The postal code shown as it is sent ('k1a0b1' → 'K1A 0B1'): when its field is left,
  // and at submit, before the form's own handlers (an autofilled field is never left).
  const showPostalCodeAsSent = () => {
    const { postalCode } = form.values;
    const normalized = normalizePostalCode(postalCode.trim());
    if (normalized !== postalCode)
      send({ type: 'billing.change', field: 'postalCode', value: normalized });
  };
  const onPostalCodeBlur = () => {
    showPostalCodeAsSent();
    send({ type: 'billing.blur', field: 'postalCode' });
  };

  return (
    <section className="card member-page billing" aria-labelledby="billing-title">
      <h1 id="billing-title">{t('member:billing.title')}</h1>
      <p className="member-page__lead">{t('member:billing.subtitle')}</p>
      <form
        {...formProps}
        onSubmitCapture={showPostalCodeAsSent}
        onKeyDownCapture={(event) => {
          if (event.key === 'Enter' && !event.nativeEvent.isComposing) showPostalCodeAsSent();
        }}
      >
        <TextField
          id="billing-country"
          label={t('common:fields.country')}
          value={t('member:billing.country')}
          onValueChange={() => {}}
          autoComplete="country-name"
          disabled
        />
        <FormFields
          bind={field}
          fields={[
            { name: 'address1', id: 'billing-address1', autoComplete: 'address-line1' },
            {
              name: 'address2',
              id: 'billing-address2',
              autoComplete: 'address-line2',
              optional: true,
            },
            { name: 'city', id: 'billing-city', autoComplete: 'address-level2' },
            {
              name: 'postalCode',
              id: 'billing-postal-code',
              autoComplete: 'postal-code',
              onBlur: onPostalCodeBlur,
              autoCapitalize: 'characters',
              spellCheck: false,
            },
          ]}
        />
        <SelectField
          id="billing-province"
          label={t('common:fields.province')}
          {...field('province')}
          placeholder={t('member:billing.provincePlaceholder')}
          options={provinces}
        />
        <FormFooter {...footer} texts="member:billing" disabled={!canSubmitBilling(snapshot)} />
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

/**
 * A labelled native select whose error is tied to it, like TextField. A select
 * cannot be read-only, so it is disabled while the form is busy, which drops
 * the focus (Enter pressed in it sends the form): it takes it back after.
 */
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
  const ref = useKeepFocus<HTMLSelectElement>(Boolean(readOnly));
  return (
    <FieldFrame id={id} label={label} error={error}>
      <select
        ref={ref}
        id={id}
        className="field__select"
        value={value}
        onChange={(event) => onValueChange(event.currentTarget.value)}
        onBlur={onBlur}
        disabled={readOnly}
        // Said required without the browser's own check: a required select on its empty
        // placeholder is reported "invalid" before the member has chosen anything.
        aria-required="true"
        autoComplete="address-level1"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedByOf(id, undefined, error)}
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
    </FieldFrame>
  );
}
