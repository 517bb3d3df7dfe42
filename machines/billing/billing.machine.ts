import { assign, fromPromise, setup } from 'xstate';
import {
  BILLING_COUNTRY_CODE,
  BILLING_FIELDS,
  type BillingField,
  type BillingValues,
  billingSchema,
  EMPTY_BILLING_VALUES,
  toBillingAddress,
} from '../forms/billing.schema.ts';
import type { FieldErrors } from '../forms/field-error.ts';
import { hasNoErrors, validate } from '../forms/validate.ts';
import type { BillingAddress } from '../shared/domain.ts';
import { UNKNOWN_ERROR_KEY } from '../shared/error-key.ts';
import { errorOf } from '../shared/event-params.ts';

/** The fields a user can edit (the country is fixed to Canada and shown disabled). */
export type EditableBillingField = Exclude<BillingField, 'countryCode'>;

export interface BillingContext {
  values: BillingValues;
  /** Fields the user has changed or left; validation errors show for these only. */
  touched: Partial<Record<BillingField, boolean>>;
  /** Live validation of `values`, every field. */
  validationErrors: FieldErrors<BillingField>;
  /** Shown under the form after a failed save: always `errors.unknown` (spec 8). */
  errorKey: string | null;
}

export type BillingEvent =
  | { type: 'billing.change'; field: EditableBillingField; value: string }
  | { type: 'billing.blur'; field: EditableBillingField }
  | { type: 'billing.submit' };

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
  return {
    values,
    touched: {},
    validationErrors: validate(billingSchema, values),
    errorKey: null,
  };
}

/** The saveBillingAddress actor's input: the request body built from the values. */
export function saveBillingInput({ context }: { context: BillingContext }): BillingAddress {
  return toBillingAddress(context.values);
}

function allTouched(): Partial<Record<BillingField, boolean>> {
  return Object.fromEntries(BILLING_FIELDS.map((field) => [field, true]));
}

export const billingMachine = setup({
  types: {
    context: {} as BillingContext,
    events: {} as BillingEvent,
    input: {} as BillingInput | undefined,
    tags: {} as 'busy',
  },
  actors: {
    /** PUT client/auth/profile/billingAddress. */
    saveBillingAddress: fromPromise<void, BillingAddress>(async () => {
      throw new Error('saveBillingAddress not provided');
    }),
    /** The app refetches the membership and reloads the user. */
    refreshAfterSave: fromPromise<void>(async () => {
      throw new Error('refreshAfterSave not provided');
    }),
  },
  actions: {
    assignValue: assign(({ context, event }) => {
      if (event.type !== 'billing.change') return {};
      const values = { ...context.values, [event.field]: event.value };
      return {
        values,
        touched: { ...context.touched, [event.field]: true },
        validationErrors: validate(billingSchema, values),
      };
    }),
    markTouched: assign({
      touched: ({ context, event }) =>
        event.type === 'billing.blur'
          ? { ...context.touched, [event.field]: true }
          : context.touched,
    }),
    touchAllFields: assign({ touched: allTouched }),
    clearError: assign({ errorKey: null }),
    assignUnknownError: assign({ errorKey: UNKNOWN_ERROR_KEY }),
    /** Placeholder: the app logs the error. */
    logError: (_args, _params: { error: unknown }) => {},
    /** Placeholder: the app navigates to /subscription. */
    goToSubscription: () => {},
  },
  guards: {
    /** Every required field is valid. */
    canSubmit: ({ context }) => hasNoErrors(context.validationErrors),
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
        'billing.change': {
          actions: ['assignValue', 'clearError'],
          description: 'Editing clears the save error.',
        },
        'billing.blur': {
          actions: 'markTouched',
          description: 'A field left shows its validation error.',
        },
        'billing.submit': [
          { guard: 'canSubmit', target: 'saving', actions: 'clearError' },
          {
            actions: 'touchAllFields',
            description: 'Not valid: show every field’s validation error.',
          },
        ],
      },
    },
    saving: {
      description: 'Saving the address; the button says “Saving...”.',
      tags: ['busy'],
      invoke: {
        id: 'saveBillingAddress',
        src: 'saveBillingAddress',
        input: saveBillingInput,
        onDone: { target: 'refreshing' },
        onError: {
          target: 'editing',
          actions: [{ type: 'logError', params: errorOf }, 'assignUnknownError'],
          description: 'Spec 8: any save failure shows errors.unknown; the values are kept.',
        },
      },
    },
    refreshing: {
      description: 'Saved: refetching the membership and the user.',
      tags: ['busy'],
      invoke: {
        id: 'refreshAfterSave',
        src: 'refreshAfterSave',
        onDone: { target: 'done' },
        onError: {
          target: 'done',
          actions: { type: 'logError', params: errorOf },
          description: 'Spec 8: refresh errors are only logged.',
        },
      },
    },
    done: {
      type: 'final',
      description: 'Navigating to /subscription.',
      entry: 'goToSubscription',
    },
  },
});

export type BillingMachine = typeof billingMachine;
