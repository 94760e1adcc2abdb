// Maps the jobs service to its gRPC contract (proto names in, domain calls, proto names out).

import type { MessageInitShape } from '@bufbuild/protobuf';
import { AppError } from '@pictura/common/app-error';
import type { AuditLogLister } from '@pictura/common/audit-log';
import type { JobSchema } from '@pictura/common/gen/jobs/v1/jobs_pb';
import { type Job, JobKind, JobStatus, type JobsService } from '@pictura/common/gen/jobs/v1/jobs_pb';
import { DEFAULT_IMAGE_COUNT } from '@pictura/common/generation-options';
import type { ServiceImpl } from '@pictura/common/grpc-types';
import { sceneMessage } from '@pictura/common/scene-message';
import type { JobStatsService } from './job-stats.service.ts';
import type { JobsService as Jobs, JobView } from './jobs.service.ts';
import { modelsGrpc } from './models.grpc.ts';
import type { ModelsService } from './models.service.ts';
import type { SettingsValues } from './settings.repository.ts';
import type { SettingsService } from './settings.service.ts';
import { webhooksGrpc } from './webhooks.grpc.ts';
import type { WebhooksService } from './webhooks.service.ts';

const STATUS = {
  waiting: JobStatus.WAITING,
  processing: JobStatus.PROCESSING,
  completed: JobStatus.COMPLETED,
  error: JobStatus.ERROR,
  cancelled: JobStatus.CANCELLED,
} as const;

export function toProtoJob({ row, position }: JobView): MessageInitShape<typeof JobSchema> {
  const o = row.options as Record<string, string | number | undefined>;
  return {
    id: row.id,
    kind: row.kind === 'generate' ? JobKind.GENERATE : JobKind.UPSCALE,
    status: STATUS[row.status],
    position,
    progress: row.progress,
    images: row.images.map(({ scene, ...image }) => ({ ...image, scene: sceneMessage(scene) })),
    error: row.errorCode ? { code: row.errorCode, message: row.errorMessage ?? '' } : undefined,
    createdAt: row.createdAt.toISOString(),
    finishedAt: row.finishedAt?.toISOString() ?? '',
    inferenceMs: row.inferenceMs ?? 0,
    private: (row.options as { private?: unknown }).private === true,
    options: {
      prompt: String(o.prompt ?? ''),
      negativePrompt: String(o.negativePrompt ?? ''),
      aspectRatio: String(o.aspectRatio ?? ''),
      style: String(o.style ?? ''),
      color: String(o.color ?? ''),
      lighting: String(o.lighting ?? ''),
      composition: String(o.composition ?? ''),
      background: String(o.background ?? ''),
      model: String(o.model ?? ''),
      seed: typeof o.seed === 'number' ? o.seed : undefined,
      count: Number(o.count ?? DEFAULT_IMAGE_COUNT),
      width: typeof o.width === 'number' ? o.width : undefined,
      height: typeof o.height === 'number' ? o.height : undefined,
      initImageKey: String(o.initImageKey ?? ''),
      strength: typeof o.strength === 'number' ? o.strength : undefined,
    },
  };
}

const toProtoSettings = (values: SettingsValues) => ({
  anonymousGeneratePerMinute: values.anonymousGeneratePerMinute ?? undefined,
  maintenanceNotice: values.maintenanceNotice,
  defaultModel: values.defaultModel,
  defaultUpscaleModel: values.defaultUpscaleModel,
  defaultSafetyModel: values.defaultSafetyModel,
});

export function jobsGrpc(
  jobs: Jobs,
  admin: {
    settings: SettingsService;
    stats: JobStatsService;
    models: ModelsService;
    webhooks: WebhooksService;
    /** ListAuditLog: admins' changes to settings and models. */
    auditLog: AuditLogLister;
  },
): ServiceImpl<typeof JobsService> {
  return {
    listAuditLog: (request) => admin.auditLog(request),
    ...modelsGrpc(admin.models),
    ...webhooksGrpc(admin.webhooks),
    async submitGeneration(request, ctx) {
      const o = request.options;
      const view = await jobs.submitGeneration(
        request.userId,
        {
          prompt: o?.prompt ?? '',
          negativePrompt: o?.negativePrompt ?? '',
          aspectRatio: o?.aspectRatio ?? '',
          style: o?.style ?? '',
          color: o?.color ?? '',
          lighting: o?.lighting ?? '',
          composition: o?.composition ?? '',
          background: o?.background ?? '',
          model: o?.model ?? '',
          seed: o?.seed,
          count: o?.count ?? DEFAULT_IMAGE_COUNT,
          width: o?.width,
          height: o?.height,
          initImageKey: o?.initImageKey ?? '',
          strength: o?.strength,
        },
        request.requestId || ctx.requestId,
        request.private,
        request.webhookUrl,
        request.clientAddress,
      );
      return toProtoJob(view);
    },
    async submitUpscale(request, ctx) {
      const view = await jobs.submitUpscale(
        request.userId,
        {
          sourceKey: request.sourceKey,
          model: request.model,
          format: request.format,
          webhookUrl: request.webhookUrl,
          clientAddress: request.clientAddress,
          private: request.private,
        },
        request.requestId || ctx.requestId,
      );
      return toProtoJob(view);
    },
    async getJob(request) {
      return toProtoJob(await jobs.getJob(request.jobId, request.viewerUserId));
    },
    async deleteUserData({ userId }) {
      const deletedJobs = await jobs.deleteUserJobs(userId);
      const deletedWebhookDeliveries = await admin.webhooks.deleteUserData(userId);
      return { deletedJobs, deletedWebhookDeliveries };
    },
    async cancelJob(request) {
      return toProtoJob(await jobs.cancelJob(request.jobId, request.callerUserId));
    },
    async *watchJob(request, ctx) {
      for await (const view of jobs.watchJob(request.jobId, request.viewerUserId, ctx.signal)) {
        yield toProtoJob(view);
      }
    },
    getSettings: async () => ({
      ...toProtoSettings(await admin.settings.get()),
      retiredMaxTagsPerPost: await admin.settings.retiredMaxTagsPerPost(),
    }),
    async updateSettings({ callerId, settings, validateOnly }) {
      if (!settings) throw new AppError('invalid_argument', 'Settings are required', 'invalid_settings');
      const saved = await admin.settings.update(
        callerId,
        {
          anonymousGeneratePerMinute: settings.anonymousGeneratePerMinute ?? null,
          maintenanceNotice: settings.maintenanceNotice,
          defaultModel: settings.defaultModel,
          defaultUpscaleModel: settings.defaultUpscaleModel,
          defaultSafetyModel: settings.defaultSafetyModel,
        },
        validateOnly,
      );
      return toProtoSettings(saved);
    },
    async getJobStats({ callerId, days }) {
      const perDay = await admin.stats.perDay(callerId, days);
      return {
        generationsPerDay: perDay.map(({ day, generations }) => ({ day, count: generations })),
        upscalesPerDay: perDay.map(({ day, upscales }) => ({ day, count: upscales })),
      };
    },
  };
}

export type { Job };
