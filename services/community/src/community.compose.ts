// Wires the community service's parts over one database; main.ts and the tests share it.

import type { AdminCheck } from '@pictura/common/admin-check';
import { auditLogLister } from '@pictura/common/audit-log';
import type { Database } from '@pictura/common/database';
import type { ObjectStore } from '@pictura/common/object-store';
import { createAppealsRepository } from './appeals.repository.ts';
import { createCommunityAuditLog } from './audit-log.repository.ts';
import { communityGrpc } from './community.grpc.ts';
import type { schema } from './db/schema.ts';
import { createLikesRepository } from './likes.repository.ts';
import { createModerationRepository } from './moderation.repository.ts';
import { createModerationService } from './moderation.service.ts';
import { createPostsRepository } from './posts.repository.ts';
import { createPostsService, type HistorySource } from './posts.service.ts';
import { createReportsRepository } from './reports.repository.ts';
import { createSettingsRepository } from './settings.repository.ts';
import { createSettingsService, type RetiredSettingSource } from './settings.service.ts';
import { createStatsRepository } from './stats.repository.ts';
import { createViewsRepository } from './views.repository.ts';

export function composeCommunity(deps: {
  db: Database<typeof schema>;
  admin: AdminCheck;
  history: HistorySource;
  images: Pick<ObjectStore, 'retain' | 'release'>;
  /** The tag limit jobs stored before community owned it (see settings.service.ts). */
  retiredMaxTags?: RetiredSettingSource;
  /** 0 in tests, which change the settings and publish at once. */
  settingsCacheMs?: number;
  hotTagsCacheMs?: number;
}) {
  const settings = createSettingsService({
    settings: createSettingsRepository(deps.db),
    admin: deps.admin,
    ...(deps.retiredMaxTags ? { retiredMaxTags: deps.retiredMaxTags } : {}),
    ...(deps.settingsCacheMs === undefined ? {} : { cacheMs: deps.settingsCacheMs }),
  });
  const repositories = {
    posts: createPostsRepository(deps.db),
    likes: createLikesRepository(deps.db),
    views: createViewsRepository(deps.db),
    reports: createReportsRepository(deps.db),
    appeals: createAppealsRepository(deps.db),
    stats: createStatsRepository(deps.db),
  };
  const posts = createPostsService({
    ...repositories,
    history: deps.history,
    images: deps.images,
    maxTags: settings.maxTags,
    admin: deps.admin,
    hotTagsCacheMs: deps.hotTagsCacheMs,
  });
  const moderation = createModerationService({
    admin: deps.admin,
    posts: repositories.posts,
    reports: repositories.reports,
    appeals: repositories.appeals,
    moderation: createModerationRepository(deps.db),
    stats: repositories.stats,
    images: deps.images,
  });
  const auditLog = auditLogLister(deps.admin, createCommunityAuditLog(deps.db));
  return {
    repositories,
    posts,
    moderation,
    settings,
    grpc: communityGrpc({ posts, moderation, auditLog, settings }),
  };
}
