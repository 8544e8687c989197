/**
 * Query keys, one namespace per resource, so invalidation after a write is a single call:
 * `queryClient.invalidateQueries({ queryKey: queryKeys.collections.all })`.
 */
export const queryKeys = {
  currentUser: ['user', 'current'] as const,
  featureFlags: ['featureFlags'] as const,
};
