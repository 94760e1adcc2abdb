// Plans an administrator gives a user (Enterprise after a sales conversation, a goodwill month): one call
// to billing, which checks the caller again and records the grant in the user's billing history.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AppError } from '@pictura/common/app-error';
import type { Subscription } from '@pictura/common/gen/billing/v1/billing_pb';
import type { FastifyInstance } from 'fastify';
import type { AuthClient, BillingClient } from '../clients.ts';
import { errorResponses as errors, requireAdmin } from '../route-guards.ts';
import { PlanGrantBody, PlanGrantEndParams, PlanGrantInput, PlanGrantParams } from './admin.schemas.ts';

export function toPlanGrantBody(userId: number, s: Subscription): PlanGrantBody {
  return {
    id: s.id,
    user_id: userId,
    plan: s.planId.split('_')[0] ?? '',
    plan_id: s.planId,
    status: s.status,
    provider: 'grant',
    ends_at: s.currentPeriodEnd || null,
    note: s.note,
    granted_by: s.grantedBy,
    created_at: s.createdAt,
  };
}

export async function adminGrantsRoutes(
  app: FastifyInstance,
  deps: { billing: BillingClient; auth?: AuthClient },
): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.post(
    '/api/admin/users/:id/plan-grants',
    {
      preHandler: requireAdmin,
      schema: {
        operationId: 'grantPlan',
        summary: 'Grant a paid plan to a user for a number of months or until a date, with a note',
        description:
          'The user gets the plan’s entitlements (Enterprise includes API access) until the end, without ' +
          'payment. It shows in their billing history as a payment of 0 by provider grant.',
        tags: ['admin'],
        params: PlanGrantParams,
        body: PlanGrantInput,
        response: { 201: PlanGrantBody, ...errors },
      },
    },
    async (request, reply) => {
      const options = { requestId: request.id };
      const { id } = request.params;
      // A grant for an account that does not exist would sit in billing unseen: say so instead.
      if (deps.auth) await deps.auth.getUser({ userId: id }, options).catch(userNotFound);
      const body = request.body;
      const granted = await deps.billing.grantPlan(
        {
          callerId: request.viewer.userId,
          userId: id,
          plan: body.plan,
          months: body.months ?? 0,
          endsAt: body.ends_at ?? '',
          note: body.note ?? '',
        },
        options,
      );
      return reply.status(201).send(toPlanGrantBody(id, granted));
    },
  );

  api.delete(
    '/api/admin/users/:id/plan-grants/:grantId',
    {
      preHandler: requireAdmin,
      schema: {
        operationId: 'endPlanGrant',
        summary: 'End a granted plan now; it stays in the user’s billing history, expired',
        tags: ['admin'],
        params: PlanGrantEndParams,
        response: { 200: PlanGrantBody, ...errors },
      },
    },
    async (request) => {
      const { id, grantId } = request.params;
      const ended = await deps.billing.endGrant(
        { callerId: request.viewer.userId, userId: id, subscriptionId: grantId },
        { requestId: request.id },
      );
      return toPlanGrantBody(id, ended);
    },
  );
}

function userNotFound(error: unknown): never {
  if (error instanceof AppError && error.code === 'not_found') {
    throw new AppError('not_found', 'User not found', 'user_not_found');
  }
  throw error;
}
