// Request and response shapes of the admin audit log and the support requests' status (OpenAPI tag 'admin').
import { type Static, Type } from 'typebox';
import { BoundedInteger, NumericId, PageLimit, SingleLineText } from '../text-schemas.ts';

const Day = (description: string) =>
  SingleLineText({
    pattern: '^\\d{4}-\\d{2}-\\d{2}$',
    maxLength: 10,
    description: `${description}, YYYY-MM-DD (UTC)`,
  });

const Area = Type.Union(
  [Type.Literal('auth'), Type.Literal('community'), Type.Literal('jobs'), Type.Literal('billing')],
  { description: 'The service that keeps the entry: auth, community, jobs or billing' },
);

export const AuditQuery = Type.Object({
  actor: Type.Optional(
    BoundedInteger({ minimum: 1, maximum: 2147483647, description: 'The admin’s user id' }),
  ),
  action: Type.Optional(SingleLineText({ maxLength: 100, description: 'e.g. user.ban, post.hide' })),
  area: Type.Optional(Area),
  target: Type.Optional(
    SingleLineText({ maxLength: 200, description: 'A user, post, report or request id' }),
  ),
  from: Type.Optional(Day('First day')),
  to: Type.Optional(Day('Last day, included')),
  cursor: Type.Optional(SingleLineText({ maxLength: 200 })),
  limit: Type.Optional(PageLimit(100, 50)),
});

const Changes = Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()], {
  description: 'The fields the action changed, as they were (before) or became (after)',
});

export const AuditEntryBody = Type.Object({
  id: Type.String(),
  area: Area,
  actor: Type.Object({
    id: Type.Integer(),
    name: Type.Union([Type.String(), Type.Null()], { description: 'Null once the account is deleted' }),
  }),
  action: Type.String(),
  target_type: Type.String(),
  target_id: Type.String(),
  before: Changes,
  after: Changes,
  created_at: Type.String(),
});
export type AuditEntryBody = Static<typeof AuditEntryBody>;

export const AuditPage = Type.Object({
  items: Type.Array(AuditEntryBody),
  next_cursor: Type.Union([Type.String(), Type.Null()]),
});
export type AuditPage = Static<typeof AuditPage>;

export const SupportStatusParams = Type.Object({ id: NumericId('The support request') });

export const SupportStatusInput = Type.Object(
  { status: Type.Union([Type.Literal('new'), Type.Literal('answered')]) },
  { additionalProperties: false },
);
