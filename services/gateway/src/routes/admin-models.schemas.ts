// Request and response shapes of the admin Models page (OpenAPI tag 'admin').
import { type Static, type TSchema, type TUnsafe, Type } from 'typebox';
import { SingleLineText } from '../text-schemas.ts';
import { ModelBody, ModelKindName, ModelLicenceBody, ModelSettingsBody } from './generate.schemas.ts';

const oneOf = <T extends string>(values: readonly T[], description: string): TUnsafe<T> =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], description });
const orNull = <T extends TSchema>(schema: T, description?: string) =>
  Type.Union([schema, Type.Null()], description ? { description } : {});

export const CatalogueModelBody = Type.Object({
  id: Type.String({ description: 'What POST /api/admin/models takes' }),
  kind: ModelKindName,
  title: Type.String(),
  description: Type.String(),
  licence: ModelLicenceBody,
  download_bytes: Type.Integer({ description: 'Bytes the install downloads' }),
  installed: Type.Boolean({ description: 'A worker offers it now' }),
  settings: orNull(ModelSettingsBody, 'Generate models: the recommended settings'),
  timing: Type.Object({
    cpu: orNull(Type.Number(), 'Generate: seconds per image; upscale: ms per output megapixel'),
    gpu: orNull(Type.Number()),
    memory_mb: orNull(Type.Number(), 'Memory the loaded model needs'),
  }),
});

export const ModelTaskBody = Type.Object({
  model: Type.String({ description: 'A catalogue id, "hf:owner/name@revision" or an installed name' }),
  action: oneOf(['install', 'remove'] as const, 'What the worker does'),
  state: oneOf(['waiting', 'active', 'completed', 'failed'] as const, 'Where the task stands'),
  progress: orNull(
    Type.Object({
      phase: oneOf(['download', 'verify', 'convert', 'install', 'remove'] as const, 'Current step'),
      bytes_done: Type.Integer(),
      bytes_total: Type.Integer(),
      bytes_per_second: Type.Number(),
      eta_seconds: orNull(Type.Number(), 'Null until it can be estimated'),
      file: orNull(Type.String(), 'The file being downloaded'),
    }),
    'Null until the worker reports progress',
  ),
  error: orNull(Type.String(), 'Why a failed task failed'),
  requested_at: Type.String({ description: 'ISO time' }),
  finished_at: orNull(Type.String(), 'ISO time; null while unfinished'),
});
export type ModelTaskBody = Static<typeof ModelTaskBody>;

export const ModelDefaultsBody = Type.Object(
  {
    generate: Type.String(),
    upscale: Type.String(),
    safety: Type.String({ description: '"none": results are not checked' }),
  },
  { description: 'The administrator\'s choices per kind; "" leaves it to the workers\' default' },
);

export const AdminModelsBody = Type.Object({
  installed: Type.Array(ModelBody, { description: 'What the workers offer, every kind' }),
  catalogue: Type.Array(CatalogueModelBody),
  tasks: Type.Array(ModelTaskBody, {
    description: 'Installs and removals waiting, running, or finished within the last hour; newest first',
  }),
  defaults: ModelDefaultsBody,
});
export type AdminModelsBody = Static<typeof AdminModelsBody>;

export const InstallModelBody = Type.Object(
  {
    model: SingleLineText({
      minLength: 1,
      maxLength: 300,
      description:
        'A catalogue id, or any Hugging Face repository in the Optimum ONNX layout as hf:owner/name@revision',
    }),
  },
  { additionalProperties: false },
);

export const ModelTaskReply = Type.Object({ task: ModelTaskBody });

export const ModelNameParams = Type.Object({ name: SingleLineText({ minLength: 1, maxLength: 100 }) });

export const SetDefaultModelBody = Type.Object(
  {
    // No default value: the validator would fill a missing kind in, and the wrong default would be changed.
    kind: oneOf(['generate', 'upscale', 'safety'] as const, 'Which kind of model'),
    model: SingleLineText({
      maxLength: 100,
      description: '"" for the workers\' default, an installed model of that kind, or "none" (safety only)',
    }),
  },
  { additionalProperties: false },
);

export const ModelDefaultsReply = Type.Object({ defaults: ModelDefaultsBody });
