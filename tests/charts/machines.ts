import type { AnyStateMachine } from 'xstate';
import { changePasswordMachine } from '../../machines/account/change-password.machine.ts';
import { deleteAccountMachine } from '../../machines/account/delete-account.machine.ts';
import { preferencesMachine } from '../../machines/account/preferences.machine.ts';
import { profileFormMachine } from '../../machines/account/profile-form.machine.ts';
import { activationMachine } from '../../machines/activation/activation.machine.ts';
import { billingMachine } from '../../machines/billing/billing.machine.ts';
import { forgotPasswordMachine } from '../../machines/forgot-password/forgot-password.machine.ts';
import { membershipMachine } from '../../machines/membership/membership.machine.ts';
import { otpMachine } from '../../machines/otp/otp.machine.ts';
import { checkoutMachine } from '../../machines/payment/checkout.machine.ts';
import { registrationMachine } from '../../machines/registration/registration.machine.ts';
import { sessionMachine } from '../../machines/session/session.machine.ts';

/** Every statechart of the app, in the order a member meets them. */
export const MACHINES: AnyStateMachine[] = [
  sessionMachine,
  membershipMachine,
  registrationMachine,
  activationMachine,
  billingMachine,
  checkoutMachine,
  forgotPasswordMachine,
  otpMachine,
  profileFormMachine,
  changePasswordMachine,
  preferencesMachine,
  deleteAccountMachine,
];
