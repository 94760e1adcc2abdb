// Every TanStack Query key of the app, so invalidation and cache writes cannot drift apart.
export const queryKeys = {
  jobs: ['jobs'] as const,
  job: (jobId: string) => ['jobs', jobId] as const,
  models: ['models'] as const,
  subscriptions: (userId: number) => ['subscriptions', userId] as const,
};
