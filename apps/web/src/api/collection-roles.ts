import {
  type CollectionRoleBody,
  collectionRoleListSchema,
  type SubmitterAccessBody,
  submitterAccessListSchema,
} from '@dcf/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';

/** Query keys of a collection's managers and submitters. */
export const collectionRoleKeys = {
  managers: (collectionId: number) => ['collectionRoles', collectionId, 'managers'] as const,
  submitters: (collectionId: number) => ['collectionRoles', collectionId, 'submitters'] as const,
};

/** GET /Collection/{id}/Roles: collection managers and submission managers. */
export function useCollectionRoles(collectionId: number) {
  return useQuery({
    queryKey: collectionRoleKeys.managers(collectionId),
    queryFn: ({ signal }) =>
      api.get(`/Collection/${collectionId}/Roles`, { schema: collectionRoleListSchema, signal }),
  });
}

/** PUT /Collection/{id}/Role: gives (assigned true) or takes one manager role. */
export function useSetCollectionRole(collectionId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CollectionRoleBody) =>
      api.put(`/Collection/${collectionId}/Role`, body, { schema: collectionRoleListSchema }),
    onSuccess: (list) => client.setQueryData(collectionRoleKeys.managers(collectionId), list),
  });
}

/** GET /View/Manager/Collection/{id}/SubmitterAccess: saved DataEntryClerk and Authoriser rows. */
export function useSubmitterAccess(collectionId: number) {
  return useQuery({
    queryKey: collectionRoleKeys.submitters(collectionId),
    queryFn: ({ signal }) =>
      api.get(`/View/Manager/Collection/${collectionId}/SubmitterAccess`, {
        schema: submitterAccessListSchema,
        signal,
      }),
  });
}

/** PUT /Collection/{id}/Organisation/{organisationId}/SubmitterAccess: exactly these roles for one user. */
export function setSubmitterAccess(collectionId: number, organisationId: number, body: SubmitterAccessBody) {
  return api.put(`/Collection/${collectionId}/Organisation/${organisationId}/SubmitterAccess`, body, {
    schema: submitterAccessListSchema,
  });
}

export function useSaveSubmitterAccess(collectionId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (changes: { organisationId: number; body: SubmitterAccessBody }[]) => {
      for (const change of changes)
        await setSubmitterAccess(collectionId, change.organisationId, change.body);
    },
    onSettled: () => client.invalidateQueries({ queryKey: collectionRoleKeys.submitters(collectionId) }),
  });
}
