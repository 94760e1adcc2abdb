// The admin audit log: each service keeps the entries of the admin actions on its own data and lists them
// to admins (checked again there); this merges their pages by time. Every service orders newest first with
// ties by id, so one cursor (the last entry shown) continues every service's list at the same point: each
// is asked for a page after it, the pages are merged, and the first `limit` entries are the answer.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AppError } from '@pictura/common/app-error';
import { AUDIT_AREAS, type AuditArea, newerFirst } from '@pictura/common/audit-log';
import { decodeCursor, encodeCursor } from '@pictura/common/cursor';
import type { AuditEntry } from '@pictura/common/gen/audit/v1/audit_pb';
import type { FastifyInstance } from 'fastify';
import type { AuthClient, BillingClient, CommunityClient, JobsClient } from '../clients.ts';
import { errorResponses as errors, requireAdmin } from '../route-guards.ts';
import {
  type AuditEntryBody,
  AuditPage,
  AuditQuery,
  SupportStatusInput,
  SupportStatusParams,
} from './admin-audit.schemas.ts';
import { toSupportBody } from './payments.bodies.ts';
import { SupportRequestBody } from './payments.schemas.ts';

type AuditSource = Pick<AuthClient | BillingClient | CommunityClient | JobsClient, 'listAuditLog'>;

/** A before/after JSON object as stored, or null; anything else (never expected) is shown as null. */
function parsed(json: string): Record<string, unknown> | null {
  if (!json) return null;
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export async function adminAuditRoutes(
  app: FastifyInstance,
  deps: { auth?: AuthClient; billing: BillingClient; community: CommunityClient; jobs: JobsClient },
): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const sources: Partial<Record<AuditArea, AuditSource>> = {
    ...(deps.auth ? { auth: deps.auth } : {}),
    community: deps.community,
    jobs: deps.jobs,
    billing: deps.billing,
  };

  api.get(
    '/api/admin/audit',
    {
      preHandler: requireAdmin,
      schema: {
        operationId: 'listAuditLog',
        summary: 'Who did what as an administrator, when, with before and after: every service, newest first',
        description:
          'Bans, roles and password resets (auth); report decisions and hidden, restored or deleted posts ' +
          '(community); system settings and models (jobs); plan grants and support requests (billing).',
        tags: ['admin'],
        querystring: AuditQuery,
        response: { 200: AuditPage, ...errors },
      },
    },
    async (request): Promise<AuditPage> => {
      const query = request.query;
      const since = dayStart(query.from, 'from');
      // The `to` day is included: entries before the start of the next day.
      const to = dayStart(query.to, 'to');
      const until = to ? new Date(Date.parse(to) + 86_400_000).toISOString() : '';
      if (since && until && since >= until) {
        throw new AppError(
          'invalid_argument',
          'The start date must not be after the end date',
          'invalid_range',
        );
      }
      // Checked here too so a junk cursor is a 400 before four calls are made.
      decodeCursor(query.cursor ?? '');
      const limit = query.limit ?? 50;
      const areas = query.area ? [query.area] : AUDIT_AREAS.filter((area) => sources[area]);
      const options = { requestId: request.id };
      const pages = await Promise.all(
        areas.map(async (area) => {
          const source = sources[area];
          if (!source) return [];
          const page = await source.listAuditLog(
            {
              callerId: request.viewer.userId,
              actorId: query.actor ?? 0,
              action: query.action ?? '',
              targetId: query.target ?? '',
              since,
              until,
              cursor: query.cursor ?? '',
              limit: limit + 1,
            },
            options,
          );
          return page.entries.map((entry) => ({ area, entry }));
        }),
      );
      const merged = pages.flat().sort((a, b) => newerFirst(a.entry, b.entry));
      const shown = merged.slice(0, limit);
      const last = shown.at(-1);
      const names = await actorNames(
        deps.auth,
        shown.map(({ entry }) => entry.actorId),
        request.id,
      );
      return {
        items: shown.map(({ area, entry }) => toEntryBody(area, entry, names)),
        next_cursor:
          merged.length > limit && last
            ? encodeCursor({ key: last.entry.createdAt, id: last.entry.id })
            : null,
      };
    },
  );

  api.put(
    '/api/admin/support-requests/:id/status',
    {
      preHandler: requireAdmin,
      schema: {
        operationId: 'setSupportRequestStatus',
        summary: 'Mark a support request answered, or new again; recorded in the audit log',
        tags: ['admin'],
        params: SupportStatusParams,
        body: SupportStatusInput,
        response: { 200: SupportRequestBody, ...errors },
      },
    },
    async (request) =>
      toSupportBody(
        await deps.billing.setSupportRequestStatus(
          { callerId: request.viewer.userId, id: request.params.id, status: request.body.status },
          { requestId: request.id },
        ),
      ),
  );
}

/** The start of a day given as YYYY-MM-DD (the schema checks the shape), or '' for none; 400 for 2030-02-31. */
function dayStart(day: string | undefined, field: string): string {
  if (!day) return '';
  const start = new Date(`${day}T00:00:00.000Z`);
  if (Number.isNaN(start.getTime()) || start.toISOString().slice(0, 10) !== day) {
    throw new AppError('invalid_argument', `${field} must be a date (YYYY-MM-DD)`, 'invalid_date');
  }
  return start.toISOString();
}

/** The actors' names, from auth; an account deleted since keeps only its id. */
async function actorNames(
  auth: AuthClient | undefined,
  ids: number[],
  requestId: string,
): Promise<Map<number, string>> {
  const names = new Map<number, string>();
  if (!auth) return names;
  await Promise.all(
    [...new Set(ids)].map(async (userId) => {
      const user = await auth.getUser({ userId }, { requestId }).catch((error: unknown) => {
        if (error instanceof AppError && error.code === 'not_found') return undefined;
        throw error;
      });
      if (user) names.set(userId, user.username || user.name);
    }),
  );
  return names;
}

function toEntryBody(area: AuditArea, entry: AuditEntry, names: Map<number, string>): AuditEntryBody {
  return {
    id: entry.id,
    area,
    actor: { id: entry.actorId, name: names.get(entry.actorId) ?? null },
    action: entry.action,
    target_type: entry.targetType,
    target_id: entry.targetId,
    before: parsed(entry.beforeJson),
    after: parsed(entry.afterJson),
    created_at: entry.createdAt,
  };
}
