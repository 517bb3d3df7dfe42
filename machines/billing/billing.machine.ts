import { fromPromise, setup } from 'xstate';
import {
  BILLING_COUNTRY_CODE,
  type BillingField,
  type BillingValues,
  billingSchema,
  EMPTY_BILLING_VALUES,
  toBillingAddress,
} from '../forms/billing.schema.ts';
import * as kit from '../forms/form-state.ts';
import { busyInvoking } from '../shared/busy-state.ts';
import type { BillingAddress } from '../shared/domain.ts';
import { UNKNOWN_ERROR_KEY } from '../shared/error-key.ts';
import { errorTo, logErrorThen } from '../shared/error-transitions.ts';
import { notProvided } from '../shared/not-provided.ts';

/** The fields a user can edit (the country is fixed to Canada and shown disabled). */
export type EditableBillingField = Exclude<BillingField, 'countryCode'>;

export type BillingForm = kit.FormState<typeof billingSchema>;

export interface BillingContext {
  /** The form (machines/forms/form-state.ts); after a failed save its `errorKey` is always `errors.unknown` (spec 8). */
  form: BillingForm;
}

export type BillingEvent = kit.FormEvent<'billing', EditableBillingField>;

export interface BillingInput {
  /** Start values, e.g. the user's stored address (see billingValuesFromAddress). */
  initial?: Partial<BillingValues>;
}

function initialContext({ input }: { input: BillingInput | undefined }): BillingContext {
  const values: BillingValues = {
    ...EMPTY_BILLING_VALUES,
    ...input?.initial,
    countryCode: BILLING_COUNTRY_CODE,
  };
  return { form: kit.createForm(billingSchema, values) };
}

/** The saveBillingAddress actor's input: the request body built from the values. */
export function saveBillingInput({ context }: { context: BillingContext }): BillingAddress {
  return toBillingAddress(context.form.values);
}

const form = kit.formAssigners<BillingContext>(billingSchema);
/** Spec 8: whatever the failure, the member reads errors.unknown. */
const unknownErrorOf = () => ({ error: { key: UNKNOWN_ERROR_KEY } });

export const billingMachine = setup({
  types: {
    context: {} as BillingContext,
    events: {} as BillingEvent,
    input: {} as BillingInput | undefined,
    tags: {} as 'busy',
  },
  actors: {
    /** PUT client/auth/profile/billingAddress. */
    saveBillingAddress: fromPromise<void, BillingAddress>(notProvided('saveBillingAddress')),
    /** The app refetches the membership and reloads the user. */
    refreshAfterSave: fromPromise<void>(notProvided('refreshAfterSave')),
  },
  actions: {
    ...kit.formActions<BillingContext, BillingEvent>(form),
    /** Placeholder: the app logs the error. */
    logError: (_args, _params: { error: unknown }) => {},
    /** Placeholder: the app navigates to /subscription. */
    goToSubscription: () => {},
  },
  guards: {
    /** Every required field is valid. */
    canSubmit: ({ context }) => kit.isFormValid(context.form),
  },
}).createMachine({
  id: 'billing',
  description:
    'The billing address form: save it, refresh the membership and user, then go to /subscription.',
  context: initialContext,
  initial: 'editing',
  states: {
    editing: {
      description: 'The form is editable; values are validated as they change.',
      on: {
        'billing.change': kit.changeWith('changeField', {
          description: 'Editing clears the save error.',
        }),
        'billing.blur': kit.TOUCH_FIELD_ON_BLUR,
        'billing.submit': kit.submitWhenValid('canSubmit', 'saving', {
          description: 'Not valid: show every field’s validation error.',
        }),
      },
    },
    saving: busyInvoking('saveBillingAddress', {
      description: 'Saving the address; the button says “Saving...”.',
      input: saveBillingInput,
      onDone: { target: 'refreshing' },
      onError: logErrorThen(
        'editing',
        { type: 'assignServerError', params: unknownErrorOf },
        { description: 'Spec 8: any save failure shows errors.unknown; the values are kept.' },
      ),
    }),
    refreshing: busyInvoking('refreshAfterSave', {
      description: 'Saved: refetching the membership and the user.',
      onDone: { target: 'done' },
      onError: errorTo('done', 'logError', {
        description: 'Spec 8: refresh errors are only logged.',
      }),
    }),
    done: {
      type: 'final',
      description: 'Navigating to /subscription.',
      entry: 'goToSubscription',
    },
  },
});

export type BillingMachine = typeof billingMachine;
