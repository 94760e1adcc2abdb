// Moderation for admins: the report queue, community statistics and content management. The guard answers
// early; community asks auth again whether the caller is an admin, and records each action with who and when.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AreaRouteOptions } from '../app.ts';
import { errorResponses as errors, requireAdmin } from '../route-guards.ts';
import { toAdminPostBody, toAdminReportBody } from './community.bodies.ts';
import {
  AdminPostBody,
  AdminPostPage,
  AdminPostsQuery,
  AdminReportBody,
  AdminReportPage,
  AdminReportsQuery,
  CommunityStatsBody,
  PostIdParams,
  StatsQuery,
  Success,
} from './community.schemas.ts';

export async function communityAdminRoutes(
  app: FastifyInstance,
  { services }: AreaRouteOptions,
): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { community } = services;
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
