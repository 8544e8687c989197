import { anonymousUser } from '@dcf/domain/anonymous-user';
import { hashKey, useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from './client';
import { queryKeys } from './query-keys';
import type { logoutResponseSchema } from './shell-schemas';

/** POST /Auth/Logout answers where to go next to end the identity provider's session too, if anywhere. */
export type LogoutResponse = z.infer<typeof logoutResponseSchema>;

export async function logout(): Promise<LogoutResponse> {
  return (
    (await api.post('/Auth/Logout', undefined, {
      schema: () => import('./shell-schemas').then((m) => m.logoutResponseSchema),
    })) ?? {}
  );
}

export function useLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: logout,
    onSuccess: () => {
      // Forget everything cached for the signed-out user; the header then shows no navigation.
      queryClient.setQueryData(queryKeys.currentUser, anonymousUser);
      const currentUserHash = hashKey(queryKeys.currentUser);
      queryClient.removeQueries({ predicate: (query) => query.queryHash !== currentUserHash });
    },
  });
}

/** POST /Auth/EndSession: ends the session after inactivity (SESSIONMANAGEMENT). */
export function endSession(): Promise<void> {
  return api.post('/Auth/EndSession');
}
