import type { Membership } from '../../machines/shared/domain.ts';
import { isApiError } from './api-error.ts';
import type { ApiClient } from './client.ts';
import { MembershipSchema } from './schemas.ts';

export interface MembershipApi {
  /** null when the user has no membership (404). */
  get(): Promise<Membership | null>;
  /** POST club/memberships: activation (or renewal of a lapsed membership). */
  activate(): Promise<Membership>;
}

export function createMembershipApi(client: ApiClient): MembershipApi {
  return {
    async get() {
      try {
        return await client.get('club/memberships', { schema: MembershipSchema });
      } catch (error) {
        if (isApiError(error) && error.kind === 'http' && error.status === 404) return null;
        throw error;
      }
    },
    activate: () => client.post('club/memberships', { schema: MembershipSchema }),
  };
}
