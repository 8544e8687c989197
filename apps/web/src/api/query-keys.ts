/**
 * The query keys more than one resource module reads. Each resource module keeps its own keys under
 * one namespace, so invalidation after a write is a single call, e.g.
 * `queryClient.invalidateQueries({ queryKey: organisationKeys.all })` (api/organisations.ts).
 */
export const queryKeys = {
  currentUser: ['user', 'current'] as const,
  featureFlags: ['featureFlags'] as const,
};
