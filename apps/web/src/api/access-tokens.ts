import { accessTokenListSchema, type CreateAccessToken, createdAccessTokenSchema } from '@dcf/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';

const PATH = '/User/Current/AccessToken';

/** Query keys of the signed-in user's personal access tokens (decision 0039). */
export const accessTokenKeys = { all: ['accessTokens'] as const };

/** GET /User/Current/AccessToken: your tokens not revoked, newest first. */
export function useAccessTokens() {
  return useQuery({
    queryKey: accessTokenKeys.all,
    queryFn: ({ signal }) => api.get(PATH, { schema: accessTokenListSchema, signal }),
  });
}

/** POST /User/Current/AccessToken: answers the token with its secret, this once. */
export function useCreateAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateAccessToken) => api.post(PATH, body, { schema: createdAccessTokenSchema }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accessTokenKeys.all }),
  });
}

/** DELETE /User/Current/AccessToken/{id}: revoked at once. */
export function useRevokeAccessToken() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.delete(`${PATH}/${id}`),
    onSettled: () => queryClient.invalidateQueries({ queryKey: accessTokenKeys.all }),
  });
}
