import { type UserActive, type UserRoleChange, userRolesSchema } from '@dcf/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { userKeys } from './users';

const rolesKey = (userId: number) => [...userKeys.all, 'roles', userId] as const;

/** GET /User/{id}/Roles: the account, every role held and the audit trail. */
export function useUserRoles(userId: number) {
  return useQuery({
    queryKey: rolesKey(userId),
    queryFn: ({ signal }) => api.get(`/User/${userId}/Roles`, { schema: userRolesSchema, signal }),
  });
}

/** PUT /User/{id}/Role and PUT /User/{id}/Active; each answers the user's roles, cached at once. */
export function useChangeUser(userId: number) {
  const queryClient = useQueryClient();
  const onSuccess = (data: unknown) => {
    queryClient.setQueryData(rolesKey(userId), data);
    void queryClient.invalidateQueries({ queryKey: userKeys.administrators });
  };
  return {
    role: useMutation({
      mutationFn: (change: UserRoleChange) =>
        api.put(`/User/${userId}/Role`, change, { schema: userRolesSchema }),
      onSuccess,
    }),
    active: useMutation({
      mutationFn: (body: UserActive) => api.put(`/User/${userId}/Active`, body, { schema: userRolesSchema }),
      onSuccess,
    }),
  };
}
