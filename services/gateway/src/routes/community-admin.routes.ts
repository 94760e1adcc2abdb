// Moderation for admins: the report queue, community statistics and content management. The guard answers
// early; community asks auth again whether the caller is an admin, and records each action with who and when.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { CommunityClient } from '../clients.ts';
import { errorResponses as errors, requireAdmin } from '../route-guards.ts';
import {
  toAdminAppealBody,
  toAdminPostBody,
  toAdminReportBody,
  toBulkResultsBody,
  toReportGroupBody,
} from './community.bodies.ts';
import {
  AdminAppealBody,
  AdminAppealPage,
  AdminPostBody,
  AdminPostPage,
  AdminPostsQuery,
  AdminReportBody,
  AdminReportPage,
  AdminReportsQuery,
  AppealsQuery,
  BulkPostsRequest,
  BulkReportsRequest,
  BulkResultsBody,
  CommunityStatsBody,
  PostIdParams,
  ReportGroupPage,
  ReportGroupsQuery,
  StatsQuery,
  Success,
} from './community.schemas.ts';

export async function communityAdminRoutes(
  app: FastifyInstance,
  deps: { community: CommunityClient },
): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { community } = deps;
  const tags = ['admin'];
  const options = (request: FastifyRequest) => ({ requestId: request.id });
  const callerId = (request: FastifyRequest) => request.viewer.userId;

  api.get(
    '/api/admin/reports',
    {
      preHandler: requireAdmin,
      schema: {
        operationId: 'listReports',
        summary: 'The report queue, newest first',
        tags,
        querystring: AdminReportsQuery,
        response: { 200: AdminReportPage, ...errors },
      },
    },
    async (request) => {
      const { status = 'open', cursor = '', limit = 24 } = request.query;
      const page = await community.listReports(
        { callerId: callerId(request), status, cursor, limit },
        options(request),
      );
      return { items: page.items.map(toAdminReportBody), next_cursor: page.nextCursor || null };
    },
  );

  for (const [action, summary] of [
    [
      'approve',
      'Approve a report: the post is taken down, it and every other open report on it become actioned',
    ],
    ['reject', 'Reject a report: it is dismissed and the post stays'],
  ] as const) {
    api.post(
      `/api/admin/reports/:id/${action}`,
      {
        preHandler: requireAdmin,
        schema: {
          operationId: action === 'approve' ? 'approveReport' : 'rejectReport',
          summary,
          description:
            'The reporter sees the outcome under GET /api/user/reports. A report handled already is 409.',
          tags,
          params: PostIdParams,
          response: { 200: AdminReportBody, ...errors },
        },
      },
      async (request) => {
        const resolve = action === 'approve' ? community.approveReport : community.rejectReport;
        const report = await resolve(
          { callerId: callerId(request), reportId: request.params.id },
          options(request),
        );
        return toAdminReportBody(report);
      },
    );
  }

  api.post(
    '/api/admin/reports/:id/reopen',
    {
      preHandler: requireAdmin,
      schema: {
        operationId: 'reopenReport',
        summary: 'Put a dismissed report back in the queue, open again',
        description:
          'Only a dismissed report (409 otherwise, and 409 when its reporter has reported the post again).',
        tags,
        params: PostIdParams,
        response: { 200: AdminReportBody, ...errors },
      },
    },
    async (request) => {
      const report = await community.reopenReport(
        { callerId: callerId(request), reportId: request.params.id },
        options(request),
      );
      return toAdminReportBody(report);
    },
  );

  api.get(
    '/api/admin/reports/groups',
    {
      preHandler: requireAdmin,
      schema: {
        operationId: 'listReportGroups',
        summary: 'The open reports, one group per post, with the count and the reasons',
        tags,
        querystring: ReportGroupsQuery,
        response: { 200: ReportGroupPage, ...errors },
      },
    },
    async (request) => {
      const { sort = 'count', cursor = '', limit = 24 } = request.query;
      const page = await community.listReportGroups(
        { callerId: callerId(request), sort, cursor, limit },
        options(request),
      );
      return { items: page.items.map(toReportGroupBody), next_cursor: page.nextCursor || null };
    },
  );

  api.post(
    '/api/admin/reports/bulk',
    {
      preHandler: requireAdmin,
      schema: {
        operationId: 'bulkResolveReports',
        summary: 'Approve or reject the open reports of up to 100 posts at once',
        description:
          'Each post is decided as its own approve or reject would be (and recorded so); one result per post.',
        tags,
        body: BulkReportsRequest,
        response: { 200: BulkResultsBody, ...errors },
      },
    },
    async (request) => {
      const { results } = await community.bulkResolveReports(
        { callerId: callerId(request), decision: request.body.decision, postIds: request.body.post_ids },
        options(request),
      );
      return toBulkResultsBody(results);
    },
  );

  api.post(
    '/api/admin/posts/bulk',
    {
      preHandler: requireAdmin,
      schema: {
        operationId: 'bulkModeratePosts',
        summary: 'Take down or restore up to 100 posts at once',
        description: 'Each post is handled as its own hide or restore would be; one result per post.',
        tags,
        body: BulkPostsRequest,
        response: { 200: BulkResultsBody, ...errors },
      },
    },
    async (request) => {
      const { results } = await community.bulkModeratePosts(
        { callerId: callerId(request), action: request.body.action, postIds: request.body.post_ids },
        options(request),
      );
      return toBulkResultsBody(results);
    },
  );

  api.get(
    '/api/admin/appeals',
    {
      preHandler: requireAdmin,
      schema: {
        operationId: 'listAppeals',
        summary: 'Authors’ appeals against takedowns, newest first',
        tags,
        querystring: AppealsQuery,
        response: { 200: AdminAppealPage, ...errors },
      },
    },
    async (request) => {
      const { status = 'open', cursor = '', limit = 24 } = request.query;
      const page = await community.listAppeals(
        { callerId: callerId(request), status, cursor, limit },
        options(request),
      );
      return { items: page.items.map(toAdminAppealBody), next_cursor: page.nextCursor || null };
    },
  );

  for (const [decision, summary] of [
    ['restore', 'Grant an appeal: the post is back for everyone'],
    ['uphold', 'Refuse an appeal: the post stays down'],
  ] as const) {
    api.post(
      `/api/admin/appeals/:id/${decision}`,
      {
        preHandler: requireAdmin,
        schema: {
          operationId: decision === 'restore' ? 'restoreAppeal' : 'upholdAppeal',
          summary,
          description: 'The author sees the decision on the post’s page. An appeal decided already is 409.',
          tags,
          params: PostIdParams,
          response: { 200: AdminAppealBody, ...errors },
        },
      },
      async (request) => {
        const appeal = await community.resolveAppeal(
          { callerId: callerId(request), appealId: request.params.id, decision },
          options(request),
        );
        return toAdminAppealBody(appeal);
      },
    );
  }

  api.get(
    '/api/admin/community-stats',
    {
      preHandler: requireAdmin,
      schema: {
        operationId: 'getCommunityStats',
        summary: 'Posts, likes and reports per UTC day, and the top tags',
        tags,
        querystring: StatsQuery,
        response: { 200: CommunityStatsBody, ...errors },
      },
    },
    async (request) => {
      const stats = await community.getStats(
        { callerId: callerId(request), days: request.query.days ?? 30 },
        options(request),
      );
      const days = (series: { day: string; count: number }[]) =>
        series.map(({ day, count }) => ({ day, count }));
      return {
        total_posts: stats.totalPosts,
        total_likes: stats.totalLikes,
        open_reports: stats.openReports,
        posts_per_day: days(stats.postsPerDay),
        likes_per_day: days(stats.likesPerDay),
        reports_per_day: days(stats.reportsPerDay),
        top_tags: stats.topTags.map(({ tag, count }) => ({ tag, count })),
      };
    },
  );

  api.get(
    '/api/admin/posts',
    {
      preHandler: requireAdmin,
      schema: {
        operationId: 'listAdminPosts',
        summary: 'Content management: every post, newest first',
        tags,
        querystring: AdminPostsQuery,
        response: { 200: AdminPostPage, ...errors },
      },
    },
    async (request) => {
      const { status = '', q = '', cursor = '', limit = 24 } = request.query;
      const page = await community.listAdminPosts(
        { callerId: callerId(request), status, q, cursor, limit },
        options(request),
      );
      return { items: page.items.map(toAdminPostBody), next_cursor: page.nextCursor || null };
    },
  );

  for (const [action, summary] of [
    ['hide', 'Take a post down: it leaves feeds, tags and its page for everyone but admins'],
    ['restore', 'Put a taken-down post back'],
  ] as const) {
    api.post(
      `/api/admin/posts/:id/${action}`,
      {
        preHandler: requireAdmin,
        schema: {
          operationId: action === 'hide' ? 'hidePost' : 'restorePost',
          summary,
          tags,
          params: PostIdParams,
          response: { 200: AdminPostBody, ...errors },
        },
      },
      async (request) => {
        const change = action === 'hide' ? community.hidePost : community.restorePost;
        const post = await change(
          { callerId: callerId(request), postId: request.params.id },
          options(request),
        );
        return toAdminPostBody(post);
      },
    );
  }

  api.delete(
    '/api/admin/posts/:id',
    {
      preHandler: requireAdmin,
      schema: {
        operationId: 'deletePostAsAdmin',
        summary: 'Delete any post',
        tags,
        params: PostIdParams,
        response: { 200: Success, ...errors },
      },
    },
    async (request) => {
      await community.removePost(
        { callerId: callerId(request), postId: request.params.id },
        options(request),
      );
      return { success: true };
    },
  );
}
