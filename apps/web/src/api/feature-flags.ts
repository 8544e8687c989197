import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from './client';
import { queryKeys } from './query-keys';

/** GET /FeatureFlag: one boolean per flag of the specification. */
export const featureFlagsSchema = z.object({
  COLLECTIONICON: z.boolean(),
  EMAILENABLED: z.boolean(),
  EXCELTEMPLATE: z.boolean(),
  SESSIONMANAGEMENT: z.boolean(),
});
export type FeatureFlags = z.infer<typeof featureFlagsSchema>;

export function getFeatureFlags(signal?: AbortSignal): Promise<FeatureFlags> {
  return api.get('/FeatureFlag', { schema: featureFlagsSchema, signal });
}

export function useFeatureFlags() {
  return useQuery({
    queryKey: queryKeys.featureFlags,
    queryFn: ({ signal }) => getFeatureFlags(signal),
    staleTime: 5 * 60_000,
  });
}

/** PUT /FeatureFlag/{name} (super administrators): answers with every flag after the change. */
export function useSetFeatureFlag() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ name, enabled }: { name: keyof FeatureFlags; enabled: boolean }) =>
      api.put(`/FeatureFlag/${name}`, { enabled }, { schema: featureFlagsSchema }),
    onSuccess: (flags) => client.setQueryData(queryKeys.featureFlags, flags),
  });
}
