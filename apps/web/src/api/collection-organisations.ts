import {
  type BulkCollectionOrganisationsBody,
  bulkCollectionOrganisationsResultSchema,
  type CollectionOrganisationListParams,
  type CollectionOrganisationRoleBody,
  collectionOrganisationListSchema,
  collectionOrganisationRoleResultSchema,
  type RecipientSelectionBody,
  recipientSelectionResultSchema,
} from '@dcf/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';
import { collectionKeys } from './collections';

/** Query keys of a collection's recipients. */
export const recipientKeys = {
  all: (collectionId: number) => ['recipients', collectionId] as const,
  list: (collectionId: number, query: CollectionOrganisationListParams) =>
    ['recipients', collectionId, query] as const,
};

export function getRecipients(
  collectionId: number,
  query: CollectionOrganisationListParams,
  signal?: AbortSignal,
) {
  return api.get(`/Collection/${collectionId}/Organisation`, {
    query: { ...query },
    schema: collectionOrganisationListSchema,
    signal,
  });
}

/** GET /Collection/{id}/Organisation: one page of recipients, searched by name or code. */
export function useRecipients(collectionId: number, query: CollectionOrganisationListParams) {
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

/** POST /Collection/{id}/Organisation/Selection/Preview: what a change by criteria or codes would do. */
export function previewRecipientSelection(collectionId: number, body: RecipientSelectionBody) {
  return api.post(`/Collection/${collectionId}/Organisation/Selection/Preview`, body, {
    schema: recipientSelectionResultSchema,
  });
}

/** PUT /Collection/{id}/Organisation/Selection: add or remove recipients by criteria or codes. */
export function useRecipientSelection(collectionId: number) {
  const invalidate = useInvalidateRecipients(collectionId);
  return useMutation({
    mutationFn: (body: RecipientSelectionBody) =>
      api.put(`/Collection/${collectionId}/Organisation/Selection`, body, {
        schema: recipientSelectionResultSchema,
      }),
    onSuccess: invalidate,
  });
}
