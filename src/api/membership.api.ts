import type { Membership } from '../../machines/shared/domain.ts';
import { isApiError } from './api-error.ts';
import type { ApiClient } from './client.ts';
import { MembershipSchema } from './schemas.ts';

export interface MembershipApi {
  /** null when the user has no membership (404). */
  get(): Promise<Membership | null>;
  /**
   * POST club/memberships: activation (or renewal of a lapsed membership). Its
   * answer's body is not read: the flow reads the membership again, so a 201
   * in another shape never says "could not be activated" for one that was.
   */
  activate(): Promise<void>;
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
    activate: () => client.post('club/memberships'),
  };
}
