/**
 * The composition of the screens' flows: for each statechart of machines/,
 * the effects the app performs for it (API calls, the session, the logger),
 * written here, in one place. A screen asks for its flow by name
 * (`useFlow(billingMachine, 'billing', …)`, use-flow.ts, which composes the
 * flows from the app's services on first use) and adds only what the view
 * owns: where to go next (the router's `useNavigate`), and for the checkout
 * the payment provider's code (it renders React components).
 *
 * This file loads with the first screen that runs a flow, never to paint
 * /login. Only the machines' types are imported, so each machine's code
 * loads with its screen's chunk, except the one-time-code machine (already in
 * the start-up chunk, with the session's) and domain.ts's helpers; intent.ts,
 * a small pure reader of the subscription answer, is imported on demand with
 * the checkout.
 */
import type { i18n as I18n } from 'i18next';
import { fromPromise, type MachineImplementationsFrom } from 'xstate';
import type { ChangePasswordMachine } from '../../machines/account/change-password.machine.ts';
import type { DeleteAccountMachine } from '../../machines/account/delete-account.machine.ts';
import type { PreferencesMachine } from '../../machines/account/preferences.machine.ts';
import type { ProfileFormMachine } from '../../machines/account/profile-form.machine.ts';
import type { ActivationMachine } from '../../machines/activation/activation.machine.ts';
import type { BillingMachine } from '../../machines/billing/billing.machine.ts';
import type { ForgotPasswordMachine } from '../../machines/forgot-password/forgot-password.machine.ts';
import { otpMachine } from '../../machines/otp/otp.machine.ts';
import type { CheckoutMachine } from '../../machines/payment/checkout.machine.ts';
import type { RegistrationMachine } from '../../machines/registration/registration.machine.ts';
import { selectUser } from '../../machines/session/session.selectors.ts';
import { hasBillingAddress, type User } from '../../machines/shared/domain.ts';
import type { Api } from '../api/api.ts';
import type { KeyValueStorage } from '../lib/safe-storage.ts';
import { forgetAwaitedCode, rememberAwaitedCode } from './awaited-code.ts';
import { refreshMember } from './fresh-member.ts';
import { dropLanguageFromAddress, writeLanguageChoice } from './language-choice.ts';
import type { MembershipAccess } from './membership-access.ts';
import type { Logger, SessionActor } from './services.tsx';

/** Which machine each flow runs. */
export interface FlowMachines {
  registration: RegistrationMachine;
  activation: ActivationMachine;
  billing: BillingMachine;
  forgotPassword: ForgotPasswordMachine;
  profileForm: ProfileFormMachine;
  changePassword: ChangePasswordMachine;
  preferences: PreferencesMachine;
  deleteAccount: DeleteAccountMachine;
  checkout: CheckoutMachine;
}
export type FlowName = keyof FlowMachines;
export type Flows = { [N in FlowName]: MachineImplementationsFrom<FlowMachines[N]> };

export interface FlowServices {
  api: Api;
  session: SessionActor;
  membership: MembershipAccess;
  logger: Logger;
  i18n: Pick<I18n, 'changeLanguage'>;
  storage: KeyValueStorage;
}

export function createFlows({
  api,
  session,
  membership,
  logger,
  i18n,
  storage,
}: FlowServices): Flows {
  const notifyUserUpdated = (_args: unknown, params: { user: User }) =>
    session.send({ type: 'session.userUpdated', user: params.user });
  /**
   * A save of the member answered with the user. The page's statechart hands
   * it to the session (its `notifyUserUpdated`); when the page was left before
   * the answer came, its statechart is stopped (`signal` aborted) and the
   * session takes the user here, or the header, the dashboard and the account
   * page opened again would show the member as before the save, and that
   * page's next save would send the old values back.
   */
  const savingUser = async (save: Promise<User>, signal: AbortSignal) => {
    const user = await save;
    if (signal.aborted) notifyUserUpdated(null, { user });
    return user;
  };
  /** The member reloaded after a change on the server (fresh-member.ts), once the membership is there. */
  const freshMember = async (options?: { stale?: boolean }) =>
    refreshMember({ session, membership: await membership.load() }, options);
  return {
    registration: {
      actors: { signUp: fromPromise(({ input }) => api.auth.signUp(input)) },
    },
    activation: {
      actors: {
        activateMembership: fromPromise(() => api.memberships.activate()),
        refreshAfterActivation: fromPromise(async () => {
          const user = await freshMember({ stale: true });
          const { isActive, isMembershipExist } = await membership.flags();
          // The server took the activation, yet the read finds none (a copy the server
          // reads from that lags behind): the read failed, not the activation.
          if (!isMembershipExist) throw new Error('The membership just activated was not found');
          return { hasBillingAddress: hasBillingAddress(user), isActive };
        }),
      },
      actions: {
        logError: (_args, params) => logger.error('Membership activation', params.error),
      },
    },
    billing: {
      actors: {
        saveBillingAddress: fromPromise(async ({ input }) => {
          const member = selectUser(session.getSnapshot())._id;
          await api.auth.updateBillingAddress(input);
          // The session takes the saved address at once (the answer carries nothing): the
          // checkout's summary, the dashboard and the form opened again show it even when the
          // reload that follows fails, or the page was left before the answer came (its
          // statechart stopped). Never for another member signed in meanwhile.
          const user = selectUser(session.getSnapshot());
          if (member && user._id === member) {
            notifyUserUpdated(null, { user: { ...user, billingAddress: input } });
          }
        }),
        refreshAfterSave: fromPromise(async () => {
          await freshMember();
        }),
      },
      actions: {
        logError: (_args, params) => logger.error('Billing address', params.error),
      },
    },
    forgotPassword: {
      actors: {
        requestReset: fromPromise(({ input }) => api.auth.requestPasswordReset(input)),
        // The code step: another code is the same request; the code is checked with check-otp.
        otp: otpMachine.provide({
          actors: {
            requestCode: fromPromise(({ input }) => api.auth.requestPasswordReset(input)),
            verifyCode: fromPromise(({ input }) => api.auth.checkResetOtp(input)),
          },
        }),
        resetPassword: fromPromise(({ input }) => api.auth.resetPassword(input)),
      },
      actions: {
        rememberAwaitedCode: (_args, params) => rememberAwaitedCode('forgotPassword', params.email),
        forgetAwaitedCode: () => forgetAwaitedCode('forgotPassword'),
      },
    },
    profileForm: {
      actors: {
        updateProfile: fromPromise(({ input, signal }) =>
          savingUser(api.auth.updateProfile(input), signal),
        ),
      },
      actions: { notifyUserUpdated },
    },
    changePassword: {
      actors: { changePassword: fromPromise(({ input }) => api.auth.changePassword(input)) },
    },
    preferences: {
      actors: {
        changeLanguage: fromPromise(async ({ input, signal }) => {
          const user = await savingUser(api.auth.changeLanguage(input), signal);
          // The profile has the member's latest choice: one this device still kept (the
          // header's save failed) is stale, never to be saved over it at the next sign-in.
          writeLanguageChoice(storage, null);
          return user;
        }),
        setNotifications: fromPromise(({ input, signal }) =>
          savingUser(api.auth.setNotifications(input), signal),
        ),
      },
      actions: {
        notifyUserUpdated,
        applyLanguage: (_args, params) => {
          dropLanguageFromAddress();
          void i18n.changeLanguage(params.language);
        },
      },
    },
    deleteAccount: {
      actors: { deleteAccount: fromPromise(({ input }) => api.auth.deleteAccount(input)) },
    },
    checkout: {
      actors: {
        loadSubscription: fromPromise(async ({ input }) => {
          const answer = await api.subscriptions.get(input.externalId);
          // intent.ts loads with the checkout's chunk, not with every flow's screen.
          const { loadedSubscriptionOf } = await import('../../machines/payment/intent.ts');
          return loadedSubscriptionOf(answer);
        }),
        // The gateway is the one the payment provider handed over when its fields were ready.
        confirmPayment: fromPromise(async ({ input }) => {
          if (!input.gateway) throw new Error('The payment provider is not ready');
          return input.method === 'card'
            ? input.gateway.confirmCard(input.clientSecret)
            : input.gateway.confirmExpress(input.clientSecret);
        }),
        attachPaymentMethod: fromPromise(({ input }) =>
          api.subscriptions.attachPaymentMethod(input.externalId, input.body),
        ),
        refreshMember: fromPromise(async () => {
          await freshMember();
        }),
      },
      actions: {
        logPaymentError: (_args, params) => logger.error('Checkout payment', params.error),
      },
    },
  };
}
