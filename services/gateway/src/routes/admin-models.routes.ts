// The admin Models page: installed models, the catalogue, install and removal tasks (run on a worker) and
// the default model of each kind. requireAdmin answers early; jobs checks the caller again (it owns them).
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ModelTask } from '@pictura/common/gen/jobs/v1/jobs_pb';
import type { FastifyInstance } from 'fastify';
import type { JobsClient } from '../clients.ts';
import { errorResponses as errors, requireAdmin } from '../route-guards.ts';
import {
  AdminModelsBody,
  InstallModelBody,
  ModelDefaultsReply,
  ModelNameParams,
  type ModelTaskBody,
  ModelTaskReply,
  SetDefaultModelBody,
} from './admin-models.schemas.ts';
import { toModelBody, toModelSettingsBody } from './generate.bodies.ts';

function toTaskBody(task: ModelTask): ModelTaskBody {
  const p = task.progress;
  return {
    model: task.model,
    action: task.action as ModelTaskBody['action'],
    state: task.state as ModelTaskBody['state'],
    progress: p
      ? {
          phase: p.phase as NonNullable<ModelTaskBody['progress']>['phase'],
          bytes_done: Number(p.bytesDone),
          bytes_total: Number(p.bytesTotal),
          bytes_per_second: p.bytesPerSecond,
          eta_seconds: p.etaSeconds ?? null,
          file: p.file || null,
        }
      : null,
    error: task.error || null,
    requested_at: task.requestedAt,
    finished_at: task.finishedAt || null,
  };
}

export async function adminModelsRoutes(app: FastifyInstance, jobs: JobsClient): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get(
    '/api/admin/models',
    {
      preHandler: requireAdmin,
      schema: {
        operationId: 'listAdminModels',
        summary: 'Models page: installed models, the catalogue, install/remove tasks and the defaults',
        tags: ['admin'],
        response: { 200: AdminModelsBody, ...errors },
      },
    },
    async (request): Promise<AdminModelsBody> => {
      const view = await jobs.listModelAdmin({ callerId: request.viewer.userId }, { requestId: request.id });
      return {
        installed: view.installed.map(toModelBody),
        catalogue: view.catalogue.map((entry) => ({
          id: entry.id,
          kind: entry.kind as AdminModelsBody['catalogue'][number]['kind'],
          title: entry.title,
          description: entry.description,
          licence: {
            name: entry.licence?.name ?? '',
            url: entry.licence?.url ?? '',
            commercial_use: entry.licence?.commercialUse ?? false,
          },
          download_bytes: Number(entry.downloadBytes),
          installed: entry.installed,
          settings: toModelSettingsBody(entry.settings),
          timing: {
            cpu: entry.timing?.cpu ?? null,
            gpu: entry.timing?.gpu ?? null,
            memory_mb: entry.timing?.memoryMb ?? null,
          },
        })),
        tasks: view.tasks.map(toTaskBody),
        defaults: {
          generate: view.defaults?.generate ?? '',
          upscale: view.defaults?.upscale ?? '',
          safety: view.defaults?.safety ?? '',
        },
      };
    },
  );

  api.post(
    '/api/admin/models',
    {
      preHandler: requireAdmin,
      schema: {
        operationId: 'installModel',
        summary: 'Install a model on the workers (a catalogue id or hf:owner/name@revision)',
        description:
          'Queues the install and answers at once; follow it in GET /api/admin/models. 409 already_running ' +
          'while a task for that model waits or runs, 409 already_installed, 400 unknown_model.',
        tags: ['admin'],
        body: InstallModelBody,
        response: { 202: ModelTaskReply, ...errors },
      },
    },
    async (request, reply) => {
      const task = await jobs.installModel(
        { callerId: request.viewer.userId, model: request.body.model },
        { requestId: request.id },
      );
      return reply.status(202).send({ task: toTaskBody(task) });
    },
  );

  api.delete(
    '/api/admin/models/:name',
    {
      preHandler: requireAdmin,
      schema: {
        operationId: 'removeModel',
        summary: 'Remove an installed model from the workers',
        description:
          "Queues the removal; a default it was falls back to the workers' own. 400 for a built-in, " +
          '404 when not installed, 409 already_running.',
        tags: ['admin'],
        params: ModelNameParams,
        response: { 202: ModelTaskReply, ...errors },
      },
    },
    async (request, reply) => {
      const task = await jobs.removeModel(
        { callerId: request.viewer.userId, model: request.params.name },
        { requestId: request.id },
      );
      return reply.status(202).send({ task: toTaskBody(task) });
    },
  );

  api.put(
    '/api/admin/models/defaults',
    {
      preHandler: requireAdmin,
      schema: {
        operationId: 'setDefaultModels',
        summary: 'Choose the default model of one kind (used when a request names none)',
        tags: ['admin'],
        body: SetDefaultModelBody,
        response: { 200: ModelDefaultsReply, ...errors },
      },
    },
    async (request) => {
      const { kind, model } = request.body;
      const defaults = await jobs.setDefaultModel(
        { callerId: request.viewer.userId, kind, model },
        { requestId: request.id },
      );
      return {
        defaults: { generate: defaults.generate, upscale: defaults.upscale, safety: defaults.safety },
      };
    },
  );
}
