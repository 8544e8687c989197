import { type FormVersion, formVersionSchema } from '@dcf/forms/definition';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from './client';

/** Query keys of a collection's form versions. */
export const formKeys = {
  all: ['forms'] as const,
  list: (collectionId: number) => ['forms', collectionId] as const,
};

/** GET /Collection/{id}/Form: every version, oldest first; the last is the current one. */
export function useForms(collectionId: number) {
  return useQuery({
    queryKey: formKeys.list(collectionId),
    queryFn: ({ signal }) =>
      api.get(`/Collection/${collectionId}/Form`, { schema: z.array(formVersionSchema), signal }),
  });
}

/** The newest version of a list (highest version number), or undefined when there is none. */
export function currentForm(forms: readonly FormVersion[] | undefined): FormVersion | undefined {
  return forms?.reduce<FormVersion | undefined>(
    (latest, form) => (latest === undefined || form.version > latest.version ? form : latest),
    undefined,
  );
}

/**
 * POST /Collection/{id}/Form (first version) or PUT /Collection/{id}/Form/{formId}. The server strips
 * submit buttons, and makes a new version instead when the one being saved has submissions.
 */
export function useSaveForm(collectionId: number) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ formId, definition }: { formId?: number; definition: unknown }): Promise<FormVersion> =>
      api.save(`/Collection/${collectionId}/Form`, formId, { definition }, { schema: formVersionSchema }),
    onSuccess: () => client.invalidateQueries({ queryKey: formKeys.list(collectionId) }),
  });
}
