// The models calls of the jobs gRPC contract: the public model list and the admin Models page.
import type { MessageInitShape } from '@bufbuild/protobuf';
import { AppError } from '@pictura/common/app-error';
import type {
  CatalogueModelSchema,
  GenerateModelSettingsSchema,
  JobsService,
  ModelInfoSchema,
  ModelTaskSchema,
} from '@pictura/common/gen/jobs/v1/jobs_pb';
import type { ServiceImpl } from '@pictura/common/grpc-types';
import { MODEL_KINDS, type ModelKind } from '@pictura/common/model-manifest';
import type { AdvertisedModel } from '@pictura/common/queues';
import type { CatalogueView, ModelsService } from './models.service.ts';
import type { ModelTaskView } from './queue.repository.ts';

type Settings = MessageInitShape<typeof GenerateModelSettingsSchema>;

const licenceOf = (licence: AdvertisedModel['licence'] | undefined) =>
  licence && { name: licence.name, url: licence.url, commercialUse: licence.commercialUse };

function settingsOf(settings: AdvertisedModel['settings']): Settings | undefined {
  if (!settings) return undefined;
  return {
    steps: settings.steps,
    guidance: settings.guidance,
    width: settings.width,
    height: settings.height,
    fixedSize: settings.fixedSize,
    negativePrompt: settings.negativePrompt ?? settings.guidance > 1,
    imageInput: settings.imageInput ?? false,
    transparentBackground: settings.transparentBackground ?? false,
  };
}

export function toProtoModel(m: AdvertisedModel): MessageInitShape<typeof ModelInfoSchema> {
  return {
    name: m.name,
    kind: m.kind,
    title: m.title,
    description: m.description,
    builtin: m.builtin,
    isDefault: m.isDefault,
    licence: licenceOf(m.licence),
    sizeBytes: BigInt(Math.max(0, Math.round(m.sizeBytes))),
    source: m.source,
    installedAt: m.installedAt ?? '',
    settings: m.kind === 'generate' ? settingsOf(m.settings) : undefined,
    msPerOutputMegapixel: m.msPerOutputMegapixel,
  };
}

function toProtoCatalogue(entry: CatalogueView): MessageInitShape<typeof CatalogueModelSchema> {
  const s = entry.settings;
  return {
    id: entry.id,
    kind: entry.kind,
    title: entry.title,
    description: entry.description,
    licence: licenceOf(entry.licence),
    downloadBytes: BigInt(entry.files.reduce((sum, file) => sum + file.size, 0)),
    installed: entry.installed,
    // A catalogue entry does not say whether its export is fixed-shape; the installed model does.
    settings: s && {
      steps: s.steps,
      guidance: s.guidance,
      width: s.width,
      height: s.height,
      fixedSize: false,
      negativePrompt: s.guidance > 1,
    },
    timing: { cpu: entry.timing.cpu, gpu: entry.timing.gpu, memoryMb: entry.timing.memoryMb },
  };
}

export function toProtoTask(task: ModelTaskView): MessageInitShape<typeof ModelTaskSchema> {
  const p = task.progress;
  const whole = (n: number) => BigInt(Math.max(0, Math.round(n)));
  return {
    model: task.data.model,
    action: task.data.action,
    state: task.state,
    progress: p && {
      phase: p.phase,
      bytesDone: whole(p.bytesDone),
      bytesTotal: whole(p.bytesTotal),
      bytesPerSecond: p.bytesPerSecond,
      etaSeconds: p.etaSeconds,
      file: p.file ?? '',
    },
    error: task.error ?? '',
    requestedAt: task.requestedAt.toISOString(),
    finishedAt: task.finishedAt?.toISOString() ?? '',
  };
}

function kindOf(kind: string): ModelKind {
  if ((MODEL_KINDS as readonly string[]).includes(kind)) return kind as ModelKind;
  throw new AppError('invalid_argument', `Unknown model kind: ${kind.slice(0, 50)}`, 'invalid_option');
}

type ModelCalls = Pick<
  ServiceImpl<typeof JobsService>,
  'listModels' | 'listModelAdmin' | 'installModel' | 'removeModel' | 'setDefaultModel'
>;

export function modelsGrpc(models: ModelsService): ModelCalls {
  return {
    listModels: async () => ({ models: (await models.listModels()).map(toProtoModel) }),
    async listModelAdmin({ callerId }) {
      const view = await models.list(callerId);
      return {
        installed: view.installed.map(toProtoModel),
        catalogue: view.catalogue.map(toProtoCatalogue),
        tasks: view.tasks.map(toProtoTask),
        defaults: view.defaults,
      };
    },
    installModel: async ({ callerId, model }) => toProtoTask(await models.install(callerId, model.trim())),
    removeModel: async ({ callerId, model }) => toProtoTask(await models.remove(callerId, model)),
    setDefaultModel: async ({ callerId, kind, model }) => models.setDefault(callerId, kindOf(kind), model),
  };
}
