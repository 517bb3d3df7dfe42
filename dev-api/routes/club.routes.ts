/** Memberships and subscriptions (club/…). */
import { badRequest, conflict, notFound, objectBody } from '../http.ts';
import {
  attachPaymentMethod,
  createMembership,
  findMembership,
  findMembershipByExternalId,
  isActive,
  publicMembership,
  renewMembership,
  subscriptionView,
} from '../memberships.ts';
import type { Route } from '../state.ts';
import { stringFields } from '../validate.ts';

const noMembership = () => notFound('server.membershipNotExist');

export const clubRoutes: Route[] = [
  {
    method: 'GET',
    path: '/club/memberships',
    handle({ state, requireUser }) {
      const membership = findMembership(state, requireUser());
      if (!membership) throw noMembership();
      return { status: 200, body: publicMembership(membership) };
    },
  },
  {
    method: 'POST',
    path: '/club/memberships',
    handle({ state, requireUser }) {
      const user = requireUser();
      let membership = findMembership(state, user);
      if (membership && isActive(membership, state.now())) {
        throw conflict('server.membershipExists');
      }
      if (membership) renewMembership(state, membership);
      else membership = createMembership(state, user);
      state.store.save();
      return { status: 201, body: publicMembership(membership) };
    },
  },
  {
    method: 'POST',
    path: '/club/subscriptions/confirm-payment',
    handle({ state, body, requireUser }) {
      const user = requireUser();
      const { membershipId, externalId } = stringFields(
        objectBody(body),
        'membershipId',
        'externalId',
      );
      const membership = findMembershipByExternalId(state, user, externalId);
      if (!membership) throw noMembership();
      if (membership._id !== membershipId) throw badRequest();
      return { status: 200, body: {} };
    },
  },
  {
    method: 'GET',
    path: '/club/subscriptions/:externalId',
    handle({ state, params, requireUser }) {
      const membership = findMembershipByExternalId(state, requireUser(), params.externalId ?? '');
      if (!membership) throw noMembership();
      return { status: 200, body: subscriptionView(membership) };
    },
  },
  {
    method: 'PUT',
    path: '/club/subscriptions/:externalId/attach-payment-method',
    handle({ state, params, body, requireUser }) {
      const user = requireUser();
      const { paymentMethodId, membershipId, paymentIntentId } = stringFields(
        objectBody(body),
        'paymentMethodId',
        'membershipId',
        'paymentIntentId',
      );
      const membership = findMembershipByExternalId(state, user, params.externalId ?? '');
      if (!membership) throw noMembership();
      if (paymentMethodId.trim() === '') throw badRequest();
      if (membershipId !== membership._id) throw badRequest();
      if (paymentIntentId !== membership.subscription.intent.id) throw badRequest();
      attachPaymentMethod(membership, paymentMethodId);
      state.store.save();
      return { status: 200, body: {} };
    },
  },
];
