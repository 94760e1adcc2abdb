// Every TanStack Query key of the app, so invalidation and cache writes cannot drift apart.
export const queryKeys = {
  jobs: ['jobs'] as const,
  job: (jobId: string) => ['jobs', jobId] as const,
  models: ['models'] as const,
  /** Pictura Scenes' concept names in one language (a static file: fetched once per locale). */
  sceneNames: (locale: string) => ['scene-names', locale] as const,
  // Admin console: everything under ['admin'], so one moderation action can refresh every admin view.
  admin: ['admin'] as const,
  adminStats: (days: number) => ['admin', 'stats', days] as const,
  adminSupportRequests: ['admin', 'support-requests'] as const,
  // Under adminSupportRequests, so marking one answered refreshes the dashboard's widget too.
  adminSupportRequestsBy: (status: string) => ['admin', 'support-requests', status] as const,
  adminAudit: (filter: object) => ['admin', 'audit', filter] as const,
  adminUsers: (q: string, cursor: string) => ['admin', 'users', q, cursor] as const,
  adminReports: (status: string) => ['admin', 'reports', status] as const,
  adminReportGroups: (sort: string) => ['admin', 'report-groups', sort] as const,
  adminAppeals: (status: string) => ['admin', 'appeals', status] as const,
  adminCommunityStats: (days: number) => ['admin', 'community-stats', days] as const,
  adminPosts: (status: string, q: string) => ['admin', 'posts', status, q] as const,
  adminSettings: ['admin', 'settings'] as const,
  /** Installed models, the catalogue, install/remove tasks and the defaults (polled while a task runs). */
  adminModels: ['admin', 'models'] as const,
  subscriptions: (userId: number) => ['subscriptions', userId] as const,
  // Account settings: profile with join date, API keys, payment history; the plan catalogue for upgrades.
  account: (userId: number) => ['account', userId] as const,
  apiKeys: (userId: number) => ['account', userId, 'api-keys'] as const,
  /** The webhook signing secret and the first page of deliveries. */
  webhooks: (userId: number) => ['account', userId, 'webhooks'] as const,
  /** Whether the account has a password, its verified and pending e-mail addresses. */
  accountSecurity: (userId: number) => ['account', userId, 'security'] as const,
  /** Whether this server resets passwords by e-mail. */
  recoveryOptions: ['recovery-options'] as const,
  /** The ways to sign in this server offers. */
  signInMethods: ['sign-in-methods'] as const,
  payments: (userId: number) => ['payments', userId] as const,
  plans: ['plans'] as const,
  /** A payment return's verification, by its parameters (the success pages). */
  paymentVerification: (parameters: string) => ['payment-verification', parameters] as const,
  // Community (viewer 0 = guest: liked_by_me depends on who looks).
  community: ['community'] as const,
  communityFeed: (viewer: number, sort: string, tag: string) =>
    ['community', 'feed', viewer, sort, tag] as const,
  communityPost: (viewer: number, id: string) => ['community', 'post', viewer, id] as const,
  communityHotTags: ['community', 'hot-tags'] as const,
  userPosts: (userId: number) => ['community', 'user-posts', userId] as const,
  userLikes: (userId: number) => ['community', 'user-likes', userId] as const,
  userStats: (userId: number) => ['community', 'user-stats', userId] as const,
  userReports: (userId: number) => ['community', 'user-reports', userId] as const,
  publicSettings: ['settings', 'public'] as const,
  /** The history items the community's publish picker offers (under history, so its invalidations apply). */
  publishCandidates: (userId: number) => ['history', userId, 'publish-candidates'] as const,
  /** Every history list of a user (invalidate after a new generation or a delete). */
  history: (userId: number) => ['history', userId] as const,
  historyList: (userId: number, filter: { type: string; favorite: boolean; q: string }) =>
    ['history', userId, filter.type, filter.favorite, filter.q] as const,
};
