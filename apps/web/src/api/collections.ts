import {
  type CollectionDto,
  type CollectionInput,
  type CollectionStatus,
  collectionListSchema,
  collectionSchema,
} from '@dcf/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from './client';

/** Query keys of collections; invalidate `collectionKeys.all` after a write. */
export const collectionKeys = {
  all: ['collections'] as const,
  list: (query: CollectionListParams) => ['collections', 'list', query] as const,
  one: (id: number) => ['collections', 'one', id] as const,
};

export interface CollectionListParams {
  query?: string;
  status?: CollectionStatus;
  page?: number;
  pageSize?: number;
  sortBy?: 'name' | 'status' | 'updatedAt';
  sortOrder?: 'ASC' | 'DESC';
}

/** GET /Collection: the collections this user may see, searched, filtered by status and paged. */
export function useCollections(params: CollectionListParams) {
  return useQuery({
    queryKey: collectionKeys.list(params),
    queryFn: ({ signal }) =>
      api.get('/Collection', { query: { ...params }, schema: collectionListSchema, signal }),
    placeholderData: keepPreviousData,
  });
}

export function useCollection(id: number) {
  return useQuery({
    queryKey: collectionKeys.one(id),
    queryFn: ({ signal }) => api.get(`/Collection/${id}`, { schema: collectionSchema, signal }),
  });
}

/** POST /Collection (no id) or PUT /Collection/{id}. */
export function useSaveCollection(id?: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: CollectionInput): Promise<CollectionDto> =>
      api.save('/Collection', id, input, { schema: collectionSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: collectionKeys.all }),
  });
}

/** PATCH /Collection/{id}/Status: Published (publish or restore) or Archived. */
export function useChangeCollectionStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: number; status: 'Published' | 'Archived' }): Promise<CollectionDto> =>
      api.patch(`/Collection/${id}/Status`, { status }, { schema: collectionSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: collectionKeys.all }),
  });
}

/** DELETE /Collection/{id}: a draft without submissions only (409 otherwise). */
export function useDeleteCollection(id: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (): Promise<void> => api.delete(`/Collection/${id}`),
    onSuccess: () => client.invalidateQueries({ queryKey: collectionKeys.all }),
  });
}
