// The community gallery: posts, likes, reports, tags and the signed-in user's posts (community owns the data
// and checks every rule again; the gateway shapes the wire and answers guests early).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { AuthClient, CommunityClient } from '../clients.ts';
import { errorResponses as errors, requireSignIn } from '../route-guards.ts';
import { toAppealBody, toMyReportBody, toPostBody, toPostDetailBody } from './community.bodies.ts';
import {
  AppealBody,
  AppealRequest,
  FeedQuery,
  HotTagsBody,
  LikeBody,
  MyReportBody,
  MyReportPage,
  PageQuery,
  POPULAR_ORDER,
  PostDetailBody,
  PostIdParams,
  PostPage,
  PublishBody,
  ReportRequest,
  Success,
  UserStatsBody,
} from './community.schemas.ts';

export async function communityRoutes(
  app: FastifyInstance,
  deps: {
    community: CommunityClient;
    /** Whose name and avatar a post or report keeps; without it they are left empty. */
    auth?: AuthClient;
  },
): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { community } = deps;
  const tags = ['community'];
  const options = (request: FastifyRequest) => ({ requestId: request.id });

  /**
   * The caller's name and avatar from auth, which owns profiles. Community keeps them with the post or
   * report as a snapshot, so feeds need no call to auth; a later profile change does not rewrite old posts.
   */
  const profileOf = async (request: FastifyRequest) => {
    const { auth } = deps;
    if (!auth) return { name: '', avatar: '' };
    const user = await auth.getUser({ userId: request.viewer.userId }, options(request));
    return { name: user.name || user.username, avatar: user.picture };
  };

  api.get(
    '/api/community/posts',
    {
      schema: {
        operationId: 'listPosts',
        summary: 'The gallery: latest or popular posts, optionally of one tag',
        description: `Cursor pages: pass next_cursor back as cursor; posts published meanwhile never repeat or shift a page. ${POPULAR_ORDER} Posts taken down by moderators or by banned authors are left out.`,
        tags,
        querystring: FeedQuery,
        response: { 200: PostPage, ...errors },
      },
    },
    async (request) => {
      const { sort = 'latest', tag = '', cursor = '', limit = 24 } = request.query;
      const page = await community.listPosts(
        { sort, tag, cursor, limit, viewerId: request.viewer.userId },
        options(request),
      );
      return { items: page.items.map(toPostBody), next_cursor: page.nextCursor || null };
    },
  );

  api.get(
    '/api/community/posts/:id',
    {
      schema: {
        operationId: 'getPost',
        summary: 'One post, with its "Create similar" data',
        description:
          'Counts a view, once per viewer per day (guests by their address hashed with a daily salt; the address ' +
          'is never stored). prompt, negative_prompt, model and options are what POST /api/generate takes to ' +
          'create a similar image. A post taken down is not found, except for its author and admins, who get ' +
          'takedown: the categories of the reports that took it down, and the author’s appeal if made.',
        tags,
        params: PostIdParams,
        response: { 200: PostDetailBody, ...errors },
      },
    },
    async (request) => {
      const post = await community.getPost(
        { id: request.params.id, viewerId: request.viewer.userId, viewerAddress: request.ip },
        options(request),
      );
      return toPostDetailBody(post);
    },
  );

  api.post(
    '/api/community/posts',
    {
      // Guests hear 'Please login first' whatever they sent.
      preValidation: requireSignIn,
      schema: {
        operationId: 'publishPost',
        summary: 'Publish an image from your history',
        description:
          'Title at most 50 characters, description at most 200, tags up to the max-tags setting; the ' +
          'publishing agreement must be ticked. The prompt and options come from the history item; a private ' +
          'generation cannot be published; another user’s item is not found.',
        tags,
        body: PublishBody,
        response: { 201: PostDetailBody, ...errors },
      },
    },
    async (request, reply) => {
      const body = request.body;
      const author = await profileOf(request);
      const post = await community.createPost(
        {
          authorId: request.viewer.userId,
          authorName: author.name,
          authorAvatar: author.avatar,
          historyId: body.history_id,
          imageIndex: body.image_index ?? 0,
          title: body.title,
          description: body.description ?? '',
          tags: body.tags ?? [],
          agree: body.agree ?? false,
        },
        options(request),
      );
      return reply.status(201).send(toPostDetailBody(post));
    },
  );

  api.delete(
    '/api/community/posts/:id',
    {
      preHandler: requireSignIn,
      schema: {
        operationId: 'deletePost',
        summary: 'Delete your own post',
        description: 'Someone else’s post is not found (admins delete any post under /api/admin/posts).',
        tags,
        params: PostIdParams,
        response: { 200: Success, ...errors },
      },
    },
    async (request) => {
      await community.deletePost(
        { callerId: request.viewer.userId, id: request.params.id },
        options(request),
      );
      return { success: true };
    },
  );

  for (const [method, liked] of [
    ['PUT', true],
    ['DELETE', false],
  ] as const) {
    api.route({
      method,
      url: '/api/community/posts/:id/like',
      preHandler: requireSignIn,
      schema: {
        operationId: liked ? 'likePost' : 'unlikePost',
        summary: liked ? 'Like a post (once per user; repeating is harmless)' : 'Take your like back',
        tags,
        params: PostIdParams,
        response: { 200: LikeBody, ...errors },
      },
      handler: async (request) => {
        const state = await community.setLike(
          { userId: request.viewer.userId, postId: request.params.id, liked },
          options(request),
        );
        return { post_id: state.postId, liked: state.liked, likes: state.likes };
      },
    });
  }

  api.post(
    '/api/community/posts/:id/report',
    {
      preValidation: requireSignIn,
      schema: {
        operationId: 'reportPost',
        summary: 'Report a post to the moderators',
        description:
          'One open report per user per post (409 otherwise). details is required for reason other. Follow ' +
          'its status under GET /api/user/reports.',
        tags,
        params: PostIdParams,
        body: ReportRequest,
        response: { 201: MyReportBody, ...errors },
      },
    },
    async (request, reply) => {
      const reporter = await profileOf(request);
      const report = await community.reportPost(
        {
          reporterId: request.viewer.userId,
          reporterName: reporter.name,
          postId: request.params.id,
          reason: request.body.reason,
          details: request.body.details ?? '',
        },
        options(request),
      );
      return reply.status(201).send(toMyReportBody(report));
    },
  );

  api.post(
    '/api/community/posts/:id/appeal',
    {
      preValidation: requireSignIn,
      schema: {
        operationId: 'appealPost',
        summary: 'Appeal the takedown of your post',
        description:
          'Once per takedown (409 after); the moderators restore the post or uphold the takedown, and the ' +
          'post’s page says which. Someone else’s post is not found; a post not taken down is 409.',
        tags,
        params: PostIdParams,
        body: AppealRequest,
        response: { 201: AppealBody, ...errors },
      },
    },
    async (request, reply) => {
      const appeal = await community.appealPost(
        { authorId: request.viewer.userId, postId: request.params.id, message: request.body.message },
        options(request),
      );
      return reply.status(201).send(toAppealBody(appeal));
    },
  );

  api.get(
    '/api/community/tags/hot',
    {
      schema: {
        operationId: 'listHotTags',
        summary: 'Tags most used by posts of the last 7 days',
        tags,
        querystring: Type.Object({
          limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 20 })),
        }),
        response: { 200: HotTagsBody, ...errors },
      },
    },
    async (request) => {
      const { tags: hot } = await community.hotTags({ limit: request.query.limit ?? 20 }, options(request));
      return { items: hot.map(({ tag, count }) => ({ tag, count })) };
    },
  );

  // The signed-in user's own corner (/user/posts).
  const userTags = ['user'];
  api.get(
    '/api/user/posts',
    {
      preHandler: requireSignIn,
      schema: {
        operationId: 'listMyPosts',
        summary: 'Your posts, newest first (posts taken down by moderators included, status hidden)',
        tags: userTags,
        querystring: PageQuery,
        response: { 200: PostPage, ...errors },
      },
    },
    async (request) => {
      const { cursor = '', limit = 24 } = request.query;
      const page = await community.listUserPosts(
        { userId: request.viewer.userId, cursor, limit },
        options(request),
      );
      return { items: page.items.map(toPostBody), next_cursor: page.nextCursor || null };
    },
  );

  api.get(
    '/api/user/likes',
    {
      preHandler: requireSignIn,
      schema: {
        operationId: 'listMyLikes',
        summary: 'Posts you like, most recently liked first',
        tags: userTags,
        querystring: PageQuery,
        response: { 200: PostPage, ...errors },
      },
    },
    async (request) => {
      const { cursor = '', limit = 24 } = request.query;
      const page = await community.listUserLikes(
        { userId: request.viewer.userId, cursor, limit },
        options(request),
      );
      return { items: page.items.map(toPostBody), next_cursor: page.nextCursor || null };
    },
  );

  api.get(
    '/api/user/stats',
    {
      preHandler: requireSignIn,
      schema: {
        operationId: 'getMyStats',
        summary: 'Your posts, the likes you gave and the likes your posts received',
        tags: userTags,
        response: { 200: UserStatsBody, ...errors },
      },
    },
    async (request) => {
      const stats = await community.getUserStats({ userId: request.viewer.userId }, options(request));
      return {
        total_posts: stats.totalPosts,
        total_likes_given: stats.totalLikesGiven,
        likes_received: stats.likesReceived,
      };
    },
  );

  api.get(
    '/api/user/reports',
    {
      preHandler: requireSignIn,
      schema: {
        operationId: 'listMyReports',
        summary: 'Your reports and what became of them',
        description:
          'status: open (waiting for a moderator), actioned (the post was taken down) or dismissed (it stays).',
        tags: userTags,
        querystring: PageQuery,
        response: { 200: MyReportPage, ...errors },
      },
    },
    async (request) => {
      const { cursor = '', limit = 24 } = request.query;
      const page = await community.listUserReports(
        { userId: request.viewer.userId, cursor, limit },
        options(request),
      );
      return { items: page.items.map(toMyReportBody), next_cursor: page.nextCursor || null };
    },
  );
}
