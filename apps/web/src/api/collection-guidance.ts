import { collectionGuidanceSchema } from '@dcf/domain';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';

export const guidanceKey = (collectionId: number) => ['collections', 'guidance', collectionId] as const;

/** GET /Collection/{id}/Guidance: the collection's guidance for submitters (decision 0025). */
export function useCollectionGuidance(collectionId: number) {
  return useQuery({
    queryKey: guidanceKey(collectionId),
    queryFn: ({ signal }) =>
      api.get(`/Collection/${collectionId}/Guidance`, { schema: collectionGuidanceSchema, signal }),
  });
}

/** PUT /Collection/{id}/Guidance: the text, or null to remove it. */
export function useSaveCollectionGuidance(collectionId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (guidance: string | null) =>
      api.put(`/Collection/${collectionId}/Guidance`, { guidance }, { schema: collectionGuidanceSchema }),
    onSuccess: (saved) => client.setQueryData(guidanceKey(collectionId), saved),
  });
}
