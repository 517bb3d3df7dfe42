/**
 * The member's journey as one statechart, for the browser.
 *
 * Its states are the places a member is in (a screen, or a moment on one:
 * paying, the 3D Secure dialog) and its events what the member does or what
 * the server and the payment provider answer. It composes the real flows
 * (sign-up, one-time code, activation, billing, checkout with a card, a
 * declined card, 3D Secure completed and failed, the express wallet, the
 * dashboard, sign-out), but it is a MODEL of the app, not a part of it:
 * nothing in src/ or machines/ imports it, and it imports nothing from them.
 * `xstate/graph` walks it (./journey-paths.ts) and Playwright replays every
 * path in Chromium against the built app and the stand-in
 * (./journey.spec.ts, steps in ./journey-steps.ts).
 *
 * The first event of a path says who the member is: the stand-in arranges
 * it (a visitor, an unverified account, a member at the checkout), so a path
 * that is about the checkout does not sign up first. Descriptions are plain
 * English: they are what a person reads in the path scripts and the charts.
 */
import { assign, setup } from 'xstate';

/** The test card the member typed (the offline test provider's outcome follows from it). */
export type JourneyCard = 'succeeds' | 'declined' | 'threeDSecure';

export interface JourneyContext {
  /** The card of the payment under way (null outside a card payment). */
  card: JourneyCard | null;
}

export type JourneyEvent =
  | { type: 'arrange.visitor' }
  | { type: 'arrange.unverifiedAccount' }
  | { type: 'arrange.memberAtCheckout' }
  | { type: 'landing.createAccount' }
  | { type: 'register.submit' }
  | { type: 'registered.goToSignIn' }
  | { type: 'signIn.submit' }
  | { type: 'code.enter' }
  | { type: 'activation.activate' }
  | { type: 'billing.save' }
  | { type: 'card.payWithGoodCard' }
  | { type: 'card.payWithDeclinedCard' }
  | { type: 'card.payWithThreeDSecureCard' }
  | { type: 'provider.approve' }
  | { type: 'provider.decline' }
  | { type: 'provider.askForThreeDSecure' }
  | { type: 'threeDSecure.complete' }
  | { type: 'threeDSecure.fail' }
  | { type: 'express.pay' }
  | { type: 'dashboard.signOut' };

/** Every event of the journey, in the order a member meets them (the model's alphabet). */
export const JOURNEY_EVENTS: readonly JourneyEvent[] = [
  { type: 'arrange.visitor' },
  { type: 'arrange.unverifiedAccount' },
  { type: 'arrange.memberAtCheckout' },
  { type: 'landing.createAccount' },
  { type: 'register.submit' },
  { type: 'registered.goToSignIn' },
  { type: 'signIn.submit' },
  { type: 'code.enter' },
  { type: 'activation.activate' },
  { type: 'billing.save' },
  { type: 'card.payWithGoodCard' },
  { type: 'card.payWithDeclinedCard' },
  { type: 'card.payWithThreeDSecureCard' },
  { type: 'provider.approve' },
  { type: 'provider.decline' },
  { type: 'provider.askForThreeDSecure' },
  { type: 'threeDSecure.complete' },
  { type: 'threeDSecure.fail' },
  { type: 'express.pay' },
  { type: 'dashboard.signOut' },
];

/** Plain-English text of each event: one numbered step of a path script. */
export const JOURNEY_EVENT_TEXT: Record<JourneyEvent['type'], string> = {
  'arrange.visitor': 'Open the app as a visitor (no account, not signed in) at /',
  'arrange.unverifiedAccount':
    'Start with an account whose email was never verified, signed out, on /login',
  'arrange.memberAtCheckout':
    'Start as a verified member with an active membership and a billing address, signed in, on /subscription?wallet=test',
  'landing.createAccount': 'Press "Create an account"',
  'register.submit':
    'Fill in first name, last name, a phone number, a new email and a password, then press "Create Account"',
  'registered.goToSignIn': 'Press "Go to sign in"',
  'signIn.submit': 'Type the email and password, then press "Sign in"',
  'code.enter': 'Type the 6-digit code that was emailed, then press "Next"',
  'activation.activate': 'Press "Activate membership"',
  'billing.save': 'Fill in a Canadian billing address, then press "Finish"',
  'card.payWithGoodCard':
    'Type the card 4242 4242 4242 4242, 12/34, CVC 123, and press "Subscribe"',
  'card.payWithDeclinedCard':
    'Type the card 4000 0000 0000 0002, 12/34, CVC 123, and press "Subscribe"',
  'card.payWithThreeDSecureCard':
    'Type the card 4000 0027 6000 3184, 12/34, CVC 123, and press "Subscribe"',
  'provider.approve': 'Wait: the payment provider approves the card',
  'provider.decline': 'Wait: the payment provider declines the card',
  'provider.askForThreeDSecure': 'Wait: the payment provider asks for a 3D Secure check',
  'threeDSecure.complete': 'In the "Test 3D Secure check" dialog, press "Complete"',
  'threeDSecure.fail': 'In the "Test 3D Secure check" dialog, press "Fail"',
  'express.pay':
    'Press "Pay with test wallet" (the test wallet shows only with ?wallet=test in the address)',
  'dashboard.signOut': 'Press "Logout"',
};

export const journeyMachine = setup({
  types: {
    context: {} as JourneyContext,
    events: {} as JourneyEvent,
  },
  actions: {
    chooseGoodCard: assign({ card: 'succeeds' as const }),
    chooseDeclinedCard: assign({ card: 'declined' as const }),
    chooseThreeDSecureCard: assign({ card: 'threeDSecure' as const }),
    forgetCard: assign({ card: null }),
  },
  guards: {
    isGoodCard: ({ context }) => context.card === 'succeeds',
    isDeclinedCard: ({ context }) => context.card === 'declined',
    isThreeDSecureCard: ({ context }) => context.card === 'threeDSecure',
  },
}).createMachine({
  id: 'journey',
  description:
    "The member's journey in the browser: sign-up, one-time code, activation, billing, checkout (card, declined card, 3D Secure, express wallet), dashboard and sign-out.",
  context: { card: null },
  initial: 'start',
  states: {
    start: {
      description: 'Nothing is open yet: the stand-in arranges who the member is.',
      on: {
        'arrange.visitor': {
          target: 'landing',
          description: 'A visitor with no account opens the app.',
        },
        'arrange.unverifiedAccount': {
          target: 'signIn',
          description: 'The stand-in holds an account that was never verified.',
        },
        'arrange.memberAtCheckout': {
          target: 'checkout',
          description:
            'The stand-in holds a verified member with an active membership and a billing address, signed in.',
        },
      },
    },
    landing: {
      description:
        'The landing page (/): "Charge at home, earn cashback" with "Create an account" and "Sign in".',
      on: {
        'landing.createAccount': { target: 'register', description: 'The visitor joins.' },
      },
    },
    register: {
      description: 'The sign-up form (/register): "Create your account".',
      on: {
        'register.submit': {
          target: 'registered',
          description: 'The server creates the account (not verified yet) and emails a code.',
        },
      },
    },
    registered: {
      description: '"Your account has been created", with the email the account was made for.',
      on: {
        'registered.goToSignIn': { target: 'signIn', description: 'On to the sign-in form.' },
      },
    },
    signIn: {
      description: 'The sign-in form (/login): "Sign in".',
      on: {
        'signIn.submit': {
          target: 'code',
          description:
            'The server answers that the account is not verified: the app asks for the one-time code it emails.',
        },
      },
    },
    code: {
      description: '"Verify your account": six digit boxes and the email the code went to.',
      on: {
        'code.enter': {
          target: 'activation',
          description:
            'The server accepts the code: the member is signed in, with no membership yet.',
        },
      },
    },
    activation: {
      description: 'The activation page (/activation): "Activate your membership".',
      on: {
        'activation.activate': {
          target: 'billing',
          description:
            'The server activates the free membership; with no billing address yet, the app asks for one.',
        },
      },
    },
    billing: {
      description: 'The billing address form (/billing): "Billing address".',
      on: {
        'billing.save': {
          target: 'checkout',
          description: 'The server saves the address; the app opens the checkout.',
        },
      },
    },
    checkout: {
      description:
        'The checkout (/subscription): "Complete your membership", with the card fields ready.',
      initial: 'ready',
      states: {
        ready: { description: 'No payment tried yet: no card error.' },
        declined: { description: '"Your card was declined." under the card fields, in red.' },
        authenticationFailed: {
          description:
            '"We are unable to authenticate your payment method…" under the card fields; the dialog is gone.',
        },
      },
      on: {
        'card.payWithGoodCard': {
          target: 'paying',
          actions: 'chooseGoodCard',
          description: 'A card that succeeds.',
        },
        'card.payWithDeclinedCard': {
          target: 'paying',
          actions: 'chooseDeclinedCard',
          description: 'A card the bank declines.',
        },
        'card.payWithThreeDSecureCard': {
          target: 'paying',
          actions: 'chooseThreeDSecureCard',
          description: 'A card that asks for 3D Secure.',
        },
        'express.pay': {
          target: 'dashboard',
          description:
            'The test wallet approves; the server attaches the payment method; the dashboard opens.',
        },
      },
    },
    paying: {
      description: 'The payment is under way: the button reads "Subscribing..." and waits.',
      on: {
        'provider.approve': {
          guard: 'isGoodCard',
          target: 'dashboard',
          actions: 'forgetCard',
          description:
            'The provider approves; the server attaches the payment method; the dashboard opens.',
        },
        'provider.decline': {
          guard: 'isDeclinedCard',
          target: '#journey.checkout.declined',
          actions: 'forgetCard',
          description:
            'The provider declines: nothing is attached, the member stays on the checkout.',
        },
        'provider.askForThreeDSecure': {
          guard: 'isThreeDSecureCard',
          target: 'threeDSecure',
          actions: 'forgetCard',
          description: 'The provider asks the member to authenticate.',
        },
      },
    },
    threeDSecure: {
      description: 'The "Test 3D Secure check" dialog, with Complete and Fail.',
      on: {
        'threeDSecure.complete': {
          target: 'dashboard',
          description:
            'Authenticated: the provider approves, the server attaches the payment method, the dashboard opens.',
        },
        'threeDSecure.fail': {
          target: '#journey.checkout.authenticationFailed',
          description: 'Not authenticated: nothing is attached, the member stays on the checkout.',
        },
      },
    },
    dashboard: {
      description: 'The dashboard (/dashboard): the membership is Active with its next due date.',
      on: {
        'dashboard.signOut': {
          target: 'signedOut',
          description: 'The app tells the server and forgets the session.',
        },
      },
    },
    signedOut: {
      description: 'Back on the sign-in form (/login), with no session kept in the browser.',
    },
  },
});
