/** Memberships and their subscription at the (pretend) payment provider. */
import { intentIds, objectId, subscriptionId } from './ids.ts';
import { type DevApiState, oneYearAfter } from './state.ts';
import type { IntentRecord, MembershipRecord, UserRecord } from './store.ts';
import { uniqueHumanId } from './users.ts';

export function findMembership(state: DevApiState, user: UserRecord): MembershipRecord | null {
  return state.store.data.memberships.find((membership) => membership.userId === user._id) ?? null;
}

export function findMembershipByExternalId(
  state: DevApiState,
  user: UserRecord,
  externalId: string,
): MembershipRecord | null {
  const membership = findMembership(state, user);
  return membership && membership.externalId === externalId ? membership : null;
}

/** docs/product.md "Membership flags": cancelled from cancelledAt on; else active until validTo. */
export function isActive(membership: MembershipRecord, now: number): boolean {
  if (membership.cancelledAt && now >= Date.parse(membership.cancelledAt)) return false;
  return membership.validTo !== null && now <= Date.parse(membership.validTo);
}

function newIntent(kind: IntentRecord['kind']): IntentRecord {
  return { kind, ...intentIds(kind) };
}

/** Sets whether the fee is due; a payment intent while it is, else a setup intent. */
export function setFeeDue(membership: MembershipRecord, feeDue: boolean): void {
  const kind = feeDue ? 'payment' : 'setup';
  membership.subscription.feeDue = feeDue;
  if (membership.subscription.intent.kind !== kind)
    membership.subscription.intent = newIntent(kind);
}

/** A new membership: active at once for its free first year, nothing due. */
export function createMembership(state: DevApiState, user: UserRecord): MembershipRecord {
  const membership: MembershipRecord = {
    _id: objectId(),
    id: uniqueHumanId(state),
    userId: user._id,
    externalId: subscriptionId(),
    validTo: oneYearAfter(state.now()),
    cancelledAt: null,
    chargerOrderedAt: null,
    subscription: {
      validTo: null,
      feeDue: false,
      paymentMethodId: null,
      intent: newIntent('setup'),
    },
  };
  state.store.data.memberships.push(membership);
  return membership;
}

/** Renews a lapsed or cancelled membership: one more year, and the fee is now due. */
export function renewMembership(state: DevApiState, membership: MembershipRecord): void {
  membership.validTo = oneYearAfter(state.now());
  membership.cancelledAt = null;
  setFeeDue(membership, true);
}

/** Records the card; when the fee was due it is now paid (the intent goes back to setup). */
export function attachPaymentMethod(membership: MembershipRecord, paymentMethodId: string): void {
  const { subscription } = membership;
  subscription.paymentMethodId = paymentMethodId;
  if (subscription.feeDue) {
    subscription.validTo = membership.validTo;
    setFeeDue(membership, false);
  } else {
    // A confirmed setup intent cannot be confirmed again: the next card change gets a new one.
    subscription.intent = newIntent('setup');
  }
}

/** The contract's `Membership`. */
export function publicMembership(membership: MembershipRecord) {
  return {
    _id: membership._id,
    id: membership.id,
    externalId: membership.externalId,
    validTo: membership.validTo,
    cancelledAt: membership.cancelledAt,
    chargerOrderedAt: membership.chargerOrderedAt,
  };
}

/** The answer of GET club/subscriptions/{externalId}. */
export function subscriptionView(membership: MembershipRecord) {
  const { intent, validTo } = membership.subscription;
  const pair = { id: intent.id, client_secret: intent.client_secret };
  return {
    subscription: { validTo },
    paymentIntent: intent.kind === 'payment' ? pair : null,
    setupIntent: intent.kind === 'setup' ? pair : null,
  };
}
