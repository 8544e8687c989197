import { anonymousUser } from '@dcf/domain/anonymous-user';
import { constants } from '@dcf/domain/constants';
import type { CurrentUser } from '@dcf/domain/current-user';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api, isApiError } from './client';
import { queryKeys } from './query-keys';

/**
 * GET /User/Current (specification, section 7): 3 second timeout, no refetch on window focus.
 * A 401 means nobody is signed in, which is an answer rather than a failure.
 */
export async function getCurrentUser(signal?: AbortSignal): Promise<CurrentUser> {
  try {
    return await api.get('/User/Current', {
      // Loaded with the request, not before it: zod is not in the first bundle.
      schema: () => import('./shell-schemas').then((m) => m.currentUserSchema),
      timeoutMs: constants.currentUserTimeoutMs,
      signal,
    });
  } catch (error) {
    if (isApiError(error) && error.status === 401) return anonymousUser;
    throw error;
  }
}

export const currentUserQuery = queryOptions({
  queryKey: queryKeys.currentUser,
  queryFn: ({ signal }) => getCurrentUser(signal),
  refetchOnWindowFocus: false,
  staleTime: Number.POSITIVE_INFINITY,
  retry: false,
});

export function useCurrentUser() {
  return useQuery(currentUserQuery);
}
