import type {
  AttachPaymentMethodPayload,
  SubscriptionResponse,
} from '../../machines/shared/domain.ts';
import { UNREADABLE_ERROR_KEY } from '../../machines/shared/error-key.ts';
import { ApiError } from './api-error.ts';
import type { ApiClient } from './client.ts';
import { SubscriptionResponseSchema } from './schemas.ts';

export interface SubscriptionApi {
  get(externalId: string): Promise<SubscriptionResponse>;
  attachPaymentMethod(externalId: string, body: AttachPaymentMethodPayload): Promise<void>;
  confirmPayment(body: { membershipId: string; externalId: string }): Promise<void>;
}

/**
 * `club/subscriptions/{externalId}`, the id URL-encoded as one path segment.
 * An id that cannot be one breaks the contract like an unreadable answer, and
 * is refused before any call: '' names the list, and '.' or '..' (which
 * encoding leaves as they are) are dropped by URL resolution with the segment
 * before them, sending the member's token to `club/subscriptions/` or `club/`.
 */
function subscriptionPath(externalId: string): string {
  if (/^\.{0,2}$/.test(externalId))
    throw new ApiError({ kind: 'parse', key: UNREADABLE_ERROR_KEY });
  return `club/subscriptions/${encodeURIComponent(externalId)}`;
}

export function createSubscriptionApi(client: ApiClient): SubscriptionApi {
  return {
    // async: a refused id rejects the call's promise, as an answer would.
    get: async (externalId) =>
      client.get(subscriptionPath(externalId), { schema: SubscriptionResponseSchema }),
    attachPaymentMethod: async (externalId, body) =>
      client.put(`${subscriptionPath(externalId)}/attach-payment-method`, { json: body }),
    confirmPayment: (body) => client.post('club/subscriptions/confirm-payment', { json: body }),
  };
}
