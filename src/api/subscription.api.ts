import type {
  AttachPaymentMethodPayload,
  SubscriptionResponse,
} from '../../machines/shared/domain.ts';
import type { ApiClient } from './client.ts';
import { SubscriptionResponseSchema } from './schemas.ts';

export interface SubscriptionApi {
  get(externalId: string): Promise<SubscriptionResponse>;
  attachPaymentMethod(externalId: string, body: AttachPaymentMethodPayload): Promise<void>;
  confirmPayment(body: { membershipId: string; externalId: string }): Promise<void>;
}

/** `club/subscriptions/{externalId}`, the id URL-encoded as one path segment. */
function subscriptionPath(externalId: string): string {
  return `club/subscriptions/${encodeURIComponent(externalId)}`;
}

export function createSubscriptionApi(client: ApiClient): SubscriptionApi {
  return {
    get: (externalId) =>
      client.get(subscriptionPath(externalId), { schema: SubscriptionResponseSchema }),
    attachPaymentMethod: (externalId, body) =>
      client.put(`${subscriptionPath(externalId)}/attach-payment-method`, { json: body }),
    confirmPayment: (body) => client.post('club/subscriptions/confirm-payment', { json: body }),
  };
}
