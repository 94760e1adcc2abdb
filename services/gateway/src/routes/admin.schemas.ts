// Request and response shapes of the admin dashboard and system settings (OpenAPI tag 'admin').
import { type Static, Type } from 'typebox';
import { FreeText, NumericId, SingleLineText } from '../text-schemas.ts';

const DayCountList = Type.Array(
  Type.Object({
    day: Type.String({ description: 'UTC day, YYYY-MM-DD' }),
    count: Type.Integer({ minimum: 0 }),
  }),
  { description: 'One entry per day, oldest first; days without any included with count 0' },
);

export const StatsQuery = Type.Object({
  days: Type.Optional(
    Type.Integer({ minimum: 1, maximum: 365, default: 30, description: 'Days of the per-day series' }),
  ),
});

export const AdminStatsBody = Type.Object({
  total_users: Type.Integer(),
  active_users_30d: Type.Integer({
    description: 'Users who signed in or used a session or API key in the last 30 days',
  }),
  new_users_7d: Type.Integer({ description: 'Accounts created in the last 7 days' }),
  total_posts: Type.Integer({ description: 'Community posts, hidden ones included' }),
  generations_per_day: DayCountList,
  upscales_per_day: DayCountList,
  signups_per_day: DayCountList,
});
export type AdminStatsBody = Static<typeof AdminStatsBody>;

const uint32 = { minimum: 0, maximum: 4294967295 } as const;

export const SettingsBody = Type.Object({
  anonymous_generate_per_minute: Type.Union([Type.Integer(), Type.Null()], {
    description:
      'Guest generations a minute per client address, 0 to 1000 (0 turns the limit off); null: the ' +
      "server's configured default (anonymous_generate_per_minute_default) applies",
  }),
  anonymous_generate_per_minute_default: Type.Integer({
    description: 'The configured limit that applies while anonymous_generate_per_minute is null',
  }),
  maintenance_notice: Type.String({ description: 'Banner shown on every page; empty for none' }),
  default_model: Type.String({
    description: 'Generate model used when a request names none; empty for the built-in default',
  }),
  max_tags_per_post: Type.Integer({ description: 'Most tags a community post may carry' }),
});
export type SettingsBody = Static<typeof SettingsBody>;

export const SettingsUpdate = Type.Object(
  {
    anonymous_generate_per_minute: Type.Optional(
      // Null first: the gateway's validator coerces types, and would read null as the integer 0.
      Type.Union([Type.Null(), Type.Integer(uint32)], {
        description: '0 to 1000 (0 turns the limit off); null goes back to the configured default',
      }),
    ),
    maintenance_notice: Type.Optional(
      FreeText({ maxLength: 2000, description: 'At most 500 characters after trimming' }),
    ),
    default_model: Type.Optional(
      SingleLineText({ maxLength: 200, description: 'A generate model from GET /api/models, or empty' }),
    ),
    max_tags_per_post: Type.Optional(Type.Integer({ ...uint32, description: '1 to 20' })),
  },
  { additionalProperties: false, description: 'Fields left out keep their value' },
);

export const PublicSettingsBody = Type.Object({
  maintenance_notice: Type.String({ description: 'Banner text for every page; empty for none' }),
  max_tags_per_post: Type.Integer({ description: 'Most tags a community post may carry' }),
});

/** A plan an administrator gives a user for a period, without payment (billing checks it again). */
export const PlanGrantInput = Type.Object(
  {
    plan: SingleLineText({ maxLength: 50, description: 'premium, ultimate or enterprise' }),
    months: Type.Optional(Type.Integer({ ...uint32, description: '1 to 36; or give ends_at instead' })),
    ends_at: Type.Optional(
      SingleLineText({ maxLength: 40, description: 'End date (YYYY-MM-DD or ISO 8601), in the future' }),
    ),
    note: Type.Optional(
      FreeText({
        maxLength: 2000,
        description: 'Why it was granted, for administrators: at most 500 characters',
      }),
    ),
  },
  { additionalProperties: false, description: 'Exactly one of months and ends_at' },
);
export type PlanGrantInput = Static<typeof PlanGrantInput>;

export const PlanGrantParams = Type.Object({ id: NumericId() });
export const PlanGrantEndParams = Type.Object({
  id: NumericId(),
  grantId: NumericId(),
});

export const PlanGrantBody = Type.Object(
  {
    id: Type.Integer({ description: 'The subscription id' }),
    user_id: Type.Integer(),
    plan: Type.String({ description: 'premium, ultimate or enterprise' }),
    plan_id: Type.String({ description: '{plan}_grant' }),
    status: Type.String({ description: 'active, or expired once ends_at has passed' }),
    provider: Type.Literal('grant'),
    ends_at: Type.Union([Type.String(), Type.Null()]),
    note: Type.String(),
    granted_by: Type.Integer({ description: 'The administrator who granted it' }),
    created_at: Type.String(),
  },
  { description: 'A plan granted by an administrator: a subscription with provider grant' },
);
export type PlanGrantBody = Static<typeof PlanGrantBody>;
