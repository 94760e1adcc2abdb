// Community's gRPC messages as the wire shows them.
import type {
  Appeal,
  BulkResult,
  Post,
  ReasonCount,
  Report,
  ReportGroup,
} from '@pictura/common/gen/community/v1/community_pb';
import { sceneOfMessage } from '@pictura/common/scene-message';
import type { AdminPostBody, PostBody, PostDetailBody } from './community.schemas.ts';

const imageOf = (post: Post) => ({
  url: `/files/${post.image?.key ?? ''}`,
  width: post.image?.width ?? 0,
  height: post.image?.height ?? 0,
  flagged: post.image?.flagged ?? false,
});

export function toPostBody(post: Post): PostBody {
  return {
    id: post.id,
    title: post.title,
    description: post.description,
    prompt: post.prompt,
    tags: post.tags,
    image: imageOf(post),
    author: { id: post.authorId, name: post.authorName, avatar: post.authorAvatar },
    likes: post.likes,
    views: post.views,
    liked_by_me: post.likedByMe,
    created_at: post.createdAt,
    status: post.status === 'hidden' ? 'hidden' : 'visible',
  };
}

function parseOptions(json: string): PostDetailBody['options'] {
  try {
    const value = JSON.parse(json) as unknown;
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as PostDetailBody['options'])
      : {};
  } catch {
    return {};
  }
}

const reasonCounts = (reasons: ReasonCount[]) => reasons.map(({ reason, count }) => ({ reason, count }));

export function toAppealBody(appeal: Appeal) {
  return {
    id: appeal.id,
    post_id: appeal.postId,
    message: appeal.message,
    status: appeal.status as 'open' | 'restored' | 'upheld',
    created_at: appeal.createdAt,
    resolved_at: appeal.resolvedAt || null,
  };
}

export function toPostDetailBody(post: Post): PostDetailBody {
  return {
    ...toPostBody(post),
    negative_prompt: post.negativePrompt,
    model: post.model,
    options: parseOptions(post.optionsJson),
    scene: sceneOfMessage(post.scene),
    // Community fills these only for a taken-down post shown to its author or an admin.
    ...(post.status === 'hidden' && post.hiddenAt
      ? {
          takedown: {
            reasons: reasonCounts(post.takedownReasons),
            appeal: post.appeal ? toAppealBody(post.appeal) : null,
          },
        }
      : {}),
  };
}

export function toAdminPostBody(post: Post): AdminPostBody {
  return { ...toPostBody(post), author_banned: post.authorBanned, hidden_at: post.hiddenAt || null };
}

const reportFields = (report: Report) => ({
  id: report.id,
  post_id: report.postId,
  reason: report.reason,
  details: report.details,
  status: report.status as 'open' | 'actioned' | 'dismissed',
  reported_at: report.reportedAt,
  resolved_at: report.resolvedAt || null,
});

/** What the reporter sees: the report's fate and which post it was about. */
export function toMyReportBody(report: Report) {
  return {
    ...reportFields(report),
    post: report.post ? { id: report.post.id, title: report.post.title } : null,
  };
}

const postSummary = (post: Post) => ({
  id: post.id,
  title: post.title,
  image: imageOf(post),
  author: { id: post.authorId, name: post.authorName },
  status: post.status,
});

export function toAdminReportBody(report: Report) {
  const post = report.post;
  return {
    ...reportFields(report),
    reporter: { id: report.reporterId, name: report.reporterName },
    resolved_by: report.resolvedBy || null,
    post: post ? postSummary(post) : null,
  };
}

export function toReportGroupBody(group: ReportGroup) {
  return {
    post_id: group.postId,
    post: group.post ? postSummary(group.post) : null,
    count: group.count,
    reasons: reasonCounts(group.reasons),
    latest_at: group.latestAt,
    latest_report_id: group.latestReportId,
    latest: group.latest.map((report) => ({
      id: report.id,
      reason: report.reason,
      details: report.details,
      reported_at: report.reportedAt,
      reporter: { id: report.reporterId, name: report.reporterName },
    })),
  };
}

export function toAdminAppealBody(appeal: Appeal) {
  const post = appeal.post;
  return {
    ...toAppealBody(appeal),
    author_id: appeal.authorId,
    resolved_by: appeal.resolvedBy || null,
    post: post ? { ...postSummary(post), takedown_reasons: reasonCounts(post.takedownReasons) } : null,
  };
}

export const toBulkResultsBody = (results: BulkResult[]) => ({
  results: results.map(({ id, ok, error, message }) => ({
    id,
    ok,
    error: ok ? null : error,
    message: ok ? null : message,
  })),
});
