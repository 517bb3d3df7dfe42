import { NETWORK_ERROR_KEY } from '../../machines/shared/error-key.ts';
import { onceUntilFailure } from '../lib/once-until-failure.ts';
import type { Api } from './api.ts';
import { ApiError } from './api-error.ts';
import type { ApiClient, ApiClientOptions } from './client.ts';

/**
 * The HTTP client and the endpoints, loaded on the first call. Painting /login
 * needs neither ky nor the response schemas; talking to the server does, so
 * they come in their own chunk the first time a call is made (at once when a
 * stored session is restored, on submit for a visitor).
 *
 * A chunk that cannot be fetched (offline) fails that call like a network
 * error, and the next call tries to load it again.
 */
export function deferApi(options: ApiClientOptions): { api: Api; client: ApiClient } {
  const load = onceUntilFailure(() =>
    Promise.all([import('./client.ts'), import('./api.ts')]).then(
      ([{ createApiClient }, { createApi }]) => {
        const client = createApiClient(options);
        return { client, api: createApi(client) };
      },
      (cause: unknown) => {
        throw new ApiError({ kind: 'network', key: NETWORK_ERROR_KEY, cause });
      },
    ),
  );

  const groups = new Map<PropertyKey, object>();
  const api = new Proxy({} as Api, {
    get(_target, group) {
      let methods = groups.get(group);
      if (!methods) {
        methods = new Proxy(
          {},
          {
            get:
              (_methods, method) =>
              async (...args: unknown[]) => {
                // The Api type names every group and method: no other is called (one
                // would throw an anonymous TypeError here, 'call is not a function').
                const loaded = (await load()).api as unknown as Record<
                  PropertyKey,
                  Record<PropertyKey, (...a: unknown[]) => Promise<unknown>>
                >;
                const call = loaded[group]?.[method] as (...a: unknown[]) => Promise<unknown>;
                return call(...args);
              },
          },
        );
        groups.set(group, methods);
      }
      return methods;
    },
  });

  const client: ApiClient = {
    request: async (...args) => (await load()).client.request(...args),
    get: async (...args) => (await load()).client.get(...args),
    post: async (...args) => (await load()).client.post(...args),
    put: async (...args) => (await load()).client.put(...args),
    delete: async (...args) => (await load()).client.delete(...args),
  };
  return { api, client };
}
