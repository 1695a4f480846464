/** Every TanStack Query key in one place, so invalidation after a mutation cannot miss a cache entry. */
export const queryKeys = {
  user: ['user'] as const,
  subscriptionStatus: ['subscriptions', 'status'] as const,
};
