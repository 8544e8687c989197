import {
  type BulkCollectionOrganisationsBody,
  bulkCollectionOrganisationsResultSchema,
  type CollectionOrganisationListQuery,
  type CollectionOrganisationRoleBody,
  collectionOrganisationListSchema,
  collectionOrganisationRoleResultSchema,
} from '@dcf/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { collectionKeys } from './collections';

/** Query keys of a collection's recipients. */
export const recipientKeys = {
  all: (collectionId: number) => ['recipients', collectionId] as const,
  list: (collectionId: number, query: CollectionOrganisationListQuery) =>
    ['recipients', collectionId, query] as const,
};

export function getRecipients(
  collectionId: number,
  query: CollectionOrganisationListQuery,
  signal?: AbortSignal,
) {
  return api.get(`/Collection/${collectionId}/Organisation`, {
    query: { ...query },
    schema: collectionOrganisationListSchema,
    signal,
  });
}

/** GET /Collection/{id}/Organisation: one page of recipients, searched by name or code. */
export function useRecipients(collectionId: number, query: CollectionOrganisationListQuery) {
  return useQuery({
    queryKey: recipientKeys.list(collectionId, query),
    queryFn: ({ signal }) => getRecipients(collectionId, query, signal),
    placeholderData: keepPreviousData,
  });
}

function useInvalidateRecipients(collectionId: number) {
  const client = useQueryClient();
  return () =>
    Promise.all([
      client.invalidateQueries({ queryKey: recipientKeys.all(collectionId) }),
      client.invalidateQueries({ queryKey: collectionKeys.one(collectionId) }),
    ]);
}

/** PUT /Collection/{id}/Organisation/Bulk: add and remove many recipients in one transaction. */
export function useBulkRecipients(collectionId: number) {
  const invalidate = useInvalidateRecipients(collectionId);
  return useMutation({
    mutationFn: (body: Partial<BulkCollectionOrganisationsBody>) =>
      api.put(`/Collection/${collectionId}/Organisation/Bulk`, body, {
        schema: bulkCollectionOrganisationsResultSchema,
      }),
    onSuccess: invalidate,
  });
}

/** PUT /Collection/{id}/Organisation/Role: per-organisation trust and NHSI authorisation flags. */
export function useSetRecipientFlags(collectionId: number) {
  const invalidate = useInvalidateRecipients(collectionId);
  return useMutation({
    mutationFn: (body: CollectionOrganisationRoleBody) =>
      api.put(`/Collection/${collectionId}/Organisation/Role`, body, {
        schema: collectionOrganisationRoleResultSchema,
      }),
    onSuccess: invalidate,
  });
}
