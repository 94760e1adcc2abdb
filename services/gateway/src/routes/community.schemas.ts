// Wire shapes of the community gallery and its moderation (snake_case, cursor pages).
import { type Static, type TSchema, Type } from 'typebox';
import { FreeText, PageLimit, SingleLineText } from '../text-schemas.ts';
import { NullableScene } from './scene.schemas.ts';

/** Popular order, as the OpenAPI document explains it (community stores and indexes this score). */
export const POPULAR_ORDER =
  'popular: likes with time decay, score = log10(max(likes, 1)) + published_at_epoch_seconds / 45000 — ' +
  'every 12.5 hours of age weigh as much as ten times the likes. The score changes only when likes do, ' +
  'so it is stored and indexed; pages are keyset-based (a post whose likes change while you scroll may ' +
  'move, new posts never shift a page).';

const nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const PostIdParams = Type.Object({ id: SingleLineText({ maxLength: 64 }) });

export const PostImage = Type.Object({
  url: Type.String({ description: '/files/<key>' }),
  width: Type.Integer(),
  height: Type.Integer(),
  flagged: Type.Boolean({
    description: 'The safety classifier flagged it: show it blurred unless the viewer opted in',
  }),
});

const postFields = {
  id: Type.String({ format: 'uuid' }),
  title: Type.String(),
  description: Type.String(),
  prompt: Type.String(),
  tags: Type.Array(Type.String()),
  image: PostImage,
  author: Type.Object(
    {
      id: Type.Integer(),
      name: Type.String(),
      avatar: Type.String({ description: 'Empty means the default avatar' }),
    },
    { description: 'The author’s name and avatar when they published (a snapshot)' },
  ),
  likes: Type.Integer(),
  views: Type.Integer({ description: 'One per viewer per day' }),
  liked_by_me: Type.Boolean(),
  created_at: Type.String({ format: 'date-time' }),
  status: Type.Union([Type.Literal('visible'), Type.Literal('hidden')], {
    description: 'hidden: taken down by a moderator (shown only in your own posts and to admins)',
  }),
};

export const PostBody = Type.Object(postFields);
export type PostBody = Static<typeof PostBody>;

export const SimilarOptions = Type.Object(
  {
    aspect_ratio: Type.Optional(Type.String()),
    style: Type.Optional(Type.String()),
    color: Type.Optional(Type.String()),
    lighting: Type.Optional(Type.String()),
    composition: Type.Optional(Type.String()),
    background: Type.Optional(Type.String()),
    seed: Type.Optional(Type.Integer()),
  },
  { description: 'Generator options of the source image, as POST /api/generate takes them' },
);

export const ReasonCountBody = Type.Object({
  reason: Type.String({ description: 'spam, nudity, violence, copyright or other' }),
  count: Type.Integer(),
});

const appealFields = {
  id: Type.String({ format: 'uuid' }),
  post_id: Type.String({ format: 'uuid' }),
  message: Type.String(),
  status: Type.Union([Type.Literal('open'), Type.Literal('restored'), Type.Literal('upheld')], {
    description: 'open, then restored (the post is back) or upheld (it stays down)',
  }),
  created_at: Type.String({ format: 'date-time' }),
  resolved_at: nullable(Type.String({ format: 'date-time' })),
};

/** The author's view of their appeal. */
export const AppealBody = Type.Object(appealFields);

export const AppealRequest = Type.Object(
  {
    message: FreeText({
      maxLength: 500,
      minLength: 1,
      description: 'Why the post should be restored (1 to 500 characters)',
    }),
  },
  { additionalProperties: false },
);

/** A post's page: the post plus its "Create similar" data (send prompt, negative_prompt, model and options to POST /api/generate). */
export const PostDetailBody = Type.Object({
  ...postFields,
  negative_prompt: Type.String(),
  model: Type.String(),
  options: SimilarOptions,
  scene: NullableScene('What Pictura Scenes read in the prompt and drew; null for other models'),
  takedown: Type.Optional(
    Type.Object(
      {
        reasons: Type.Array(ReasonCountBody, {
          description: 'The categories of the reports that took it down; empty when a moderator hid it',
        }),
        appeal: nullable(AppealBody),
      },
      { description: 'Only on a post taken down, shown to its author (or an admin): why, and the appeal' },
    ),
  ),
});
export type PostDetailBody = Static<typeof PostDetailBody>;

export const AdminPostBody = Type.Object({
  ...postFields,
  author_banned: Type.Boolean({ description: 'Hidden from everyone while the author is banned' }),
  hidden_at: nullable(Type.String({ format: 'date-time' })),
});
export type AdminPostBody = Static<typeof AdminPostBody>;

const page = <T extends TSchema>(item: T) =>
  Type.Object({
    items: Type.Array(item),
    next_cursor: nullable(Type.String({ description: 'Pass back as cursor for the next page' })),
  });

export const PostPage = page(PostBody);
export const AdminPostPage = page(AdminPostBody);

const cursorField = {
  cursor: Type.Optional(SingleLineText({ maxLength: 200 })),
  limit: Type.Optional(PageLimit(100, 24)),
};

export const FeedQuery = Type.Object({
  sort: Type.Optional(
    Type.Unsafe<'latest' | 'popular'>({
      type: 'string',
      enum: ['latest', 'popular'],
      default: 'latest',
      description: `latest: newest first. ${POPULAR_ORDER}`,
    }),
  ),
  tag: Type.Optional(SingleLineText({ maxLength: 60, description: 'Only posts with this tag (any case)' })),
  ...cursorField,
});

export const PageQuery = Type.Object(cursorField);

export const PublishBody = Type.Object(
  {
    history_id: SingleLineText({ maxLength: 64, description: 'One of your history items' }),
    image_index: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 15, default: 0, description: 'Which image of the item' }),
    ),
    title: SingleLineText({ maxLength: 50 }),
    description: Type.Optional(FreeText({ maxLength: 200 })),
    tags: Type.Optional(
      Type.Array(SingleLineText({ maxLength: 60 }), {
        maxItems: 50,
        description:
          'Trimmed, lowercased, a leading # dropped, spaces as -, duplicates removed; letters, digits, - and _, ' +
          'at most 30 characters each; at most the max-tags setting (5 unless the operator changed it)',
      }),
    ),
    agree: Type.Optional(Type.Boolean({ description: 'The publishing agreement is ticked' })),
  },
  { additionalProperties: false },
);
export type PublishBody = Static<typeof PublishBody>;

export const LikeBody = Type.Object({
  post_id: Type.String(),
  liked: Type.Boolean(),
  likes: Type.Integer({ description: 'The post’s like count after this call' }),
});

export const REPORT_REASONS = ['spam', 'nudity', 'violence', 'copyright', 'other'] as const;

export const ReportRequest = Type.Object(
  {
    reason: Type.Unsafe<(typeof REPORT_REASONS)[number]>({ type: 'string', enum: [...REPORT_REASONS] }),
    details: Type.Optional(FreeText({ maxLength: 500, description: 'Required when reason is other' })),
  },
  { additionalProperties: false },
);

const reportFields = {
  id: Type.String({ format: 'uuid' }),
  post_id: Type.String({ format: 'uuid' }),
  reason: Type.String(),
  details: Type.String(),
  status: Type.Union([Type.Literal('open'), Type.Literal('actioned'), Type.Literal('dismissed')], {
    description: 'open, then actioned (a moderator took the post down) or dismissed',
  }),
  reported_at: Type.String({ format: 'date-time' }),
  resolved_at: nullable(Type.String({ format: 'date-time' })),
};

const PostSummary = Type.Object({
  id: Type.String(),
  title: Type.String(),
  image: PostImage,
  author: Type.Object({ id: Type.Integer(), name: Type.String() }),
  status: Type.String(),
});

/** The reporter's view of a report: what became of it. */
export const MyReportBody = Type.Object({
  ...reportFields,
  post: nullable(Type.Object({ id: Type.String(), title: Type.String() })),
});

/** The moderators' view: the post, who reported it and who decided. */
export const AdminReportBody = Type.Object({
  ...reportFields,
  reporter: Type.Object({ id: Type.Integer(), name: Type.String() }),
  resolved_by: nullable(Type.Integer()),
  post: nullable(PostSummary),
});

export const MyReportPage = page(MyReportBody);
export const AdminReportPage = page(AdminReportBody);

export const ReportGroupBody = Type.Object({
  post_id: Type.String({ format: 'uuid' }),
  post: nullable(PostSummary),
  count: Type.Integer({ description: 'Open reports on the post' }),
  reasons: Type.Array(ReasonCountBody, { description: 'Most frequent first' }),
  latest_at: Type.String({ format: 'date-time' }),
  latest_report_id: Type.String({ format: 'uuid', description: 'Approving it takes the post down' }),
  latest: Type.Array(
    Type.Object({
      id: Type.String({ format: 'uuid' }),
      reason: Type.String(),
      details: Type.String(),
      reported_at: Type.String({ format: 'date-time' }),
      reporter: Type.Object({ id: Type.Integer(), name: Type.String() }),
    }),
    { description: 'The newest open reports (at most 3), newest first' },
  ),
});
export const ReportGroupPage = page(ReportGroupBody);

export const ReportGroupsQuery = Type.Object({
  sort: Type.Optional(
    Type.Unsafe<'count' | 'latest'>({
      type: 'string',
      enum: ['count', 'latest'],
      default: 'count',
      description: 'count: most reported first; latest: most recently reported first',
    }),
  ),
  ...cursorField,
});

/** The admins' view of an appeal: the post, why it was taken down, who appealed and who decided. */
export const AdminAppealBody = Type.Object({
  ...appealFields,
  author_id: Type.Integer(),
  resolved_by: nullable(Type.Integer()),
  post: nullable(Type.Object({ ...PostSummary.properties, takedown_reasons: Type.Array(ReasonCountBody) })),
});
export const AdminAppealPage = page(AdminAppealBody);

export const AppealsQuery = Type.Object({
  status: Type.Optional(
    Type.Unsafe<'open' | 'restored' | 'upheld'>({
      type: 'string',
      enum: ['open', 'restored', 'upheld'],
      default: 'open',
    }),
  ),
  ...cursorField,
});

const bulkIds = {
  post_ids: Type.Array(SingleLineText({ maxLength: 64 }), {
    minItems: 1,
    maxItems: 100,
    description: 'The posts, 1 to 100; each is handled as its own call would be',
  }),
};

export const BulkReportsRequest = Type.Object(
  {
    decision: Type.Unsafe<'approve' | 'reject'>({
      type: 'string',
      enum: ['approve', 'reject'],
      description:
        'approve: each post is taken down and its open reports actioned; reject: its open reports are dismissed',
    }),
    ...bulkIds,
  },
  { additionalProperties: false },
);

export const BulkPostsRequest = Type.Object(
  {
    action: Type.Unsafe<'hide' | 'restore'>({ type: 'string', enum: ['hide', 'restore'] }),
    ...bulkIds,
  },
  { additionalProperties: false },
);

export const BulkResultsBody = Type.Object({
  results: Type.Array(
    Type.Object({
      id: Type.String(),
      ok: Type.Boolean(),
      error: nullable(Type.String({ description: 'When not ok: the code a single call would answer' })),
      message: nullable(Type.String()),
    }),
    { description: 'One per distinct id, in the order sent' },
  ),
});

export const TagCountBody = Type.Object({ tag: Type.String(), count: Type.Integer() });
export const HotTagsBody = Type.Object({ items: Type.Array(TagCountBody) });

export const UserStatsBody = Type.Object({
  total_posts: Type.Integer(),
  total_likes_given: Type.Integer(),
  likes_received: Type.Integer(),
});

export const AdminReportsQuery = Type.Object({
  status: Type.Optional(
    Type.Unsafe<'open' | 'actioned' | 'dismissed'>({
      type: 'string',
      enum: ['open', 'actioned', 'dismissed'],
      default: 'open',
    }),
  ),
  ...cursorField,
});

export const AdminPostsQuery = Type.Object({
  status: Type.Optional(
    Type.Unsafe<'visible' | 'hidden'>({
      type: 'string',
      enum: ['visible', 'hidden'],
      description: 'Both when absent',
    }),
  ),
  q: Type.Optional(SingleLineText({ maxLength: 100, description: 'Text in the title or prompt' })),
  ...cursorField,
});

export const StatsQuery = Type.Object({
  days: Type.Optional(Type.Integer({ minimum: 1, maximum: 365, default: 30 })),
});

const DayCountBody = Type.Object({
  day: Type.String({ description: 'UTC day, YYYY-MM-DD' }),
  count: Type.Integer(),
});

export const CommunityStatsBody = Type.Object({
  total_posts: Type.Integer(),
  total_likes: Type.Integer(),
  open_reports: Type.Integer(),
  posts_per_day: Type.Array(DayCountBody, { description: 'Oldest first, one entry per day' }),
  likes_per_day: Type.Array(DayCountBody),
  reports_per_day: Type.Array(DayCountBody),
  top_tags: Type.Array(TagCountBody, { description: 'Most used tags of posts published in the window' }),
});

export const Success = Type.Object({ success: Type.Boolean() });
