import {
  type AdministratorUpdate,
  administratorListSchema,
  type PreRegisterUser,
  type UserList,
  userListSchema,
  userRowSchema,
} from '@dcf/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';

/** Query keys of the users resource (GET /User, GET /Collection/Administrators). */
export const userKeys = {
  all: ['users'] as const,
  search: (query: string, page: number, pageSize: number) =>
    ['users', 'search', query, page, pageSize] as const,
  administrators: ['users', 'administrators'] as const,
};

/**
 * GET /User: what the caller may search of the directory (administrators everyone; a collection manager
 * the people their collections need). With `organisationId` that organisation's own staff come first.
 */
export function searchUsers(
  query: string,
  page = 1,
  pageSize = 25,
  options: { signal?: AbortSignal; organisationId?: number } = {},
): Promise<UserList> {
  return api.get('/User', {
    query: { query: query || undefined, page, pageSize, organisationId: options.organisationId },
    schema: userListSchema,
    signal: options.signal,
  });
}

/** GET /User?query=&page=&pageSize=: name, email or ODS code, paginated. */
export function useUserSearch(query: string, page: number, pageSize = 25) {
  return useQuery({
    queryKey: userKeys.search(query, page, pageSize),
    queryFn: ({ signal }) => searchUsers(query, page, pageSize, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET /Collection/Administrators. */
export function useAdministrators() {
  return useQuery({
    queryKey: userKeys.administrators,
    queryFn: ({ signal }) =>
      api.get('/Collection/Administrators', { schema: administratorListSchema, signal }),
  });
}

/** POST /Collection/Administrators: nominate (isCollectionAdmin true) or remove (false). */
export function useUpdateAdministrator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: AdministratorUpdate) => api.post('/Collection/Administrators', body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

/** POST /User: registers a user by email before their first sign-in. */
export function useRegisterUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: PreRegisterUser) => api.post('/User', body, { schema: userRowSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}
