import {
  ASPECT_RATIOS,
  COLORS,
  COMPOSITIONS,
  LIGHTINGS,
  MAX_IMAGES_PER_REQUEST,
  PROMPT_MAX_LENGTH,
  STYLES,
} from '@pictura/common/generation-options';
import { type Static, type TUnsafe, Type } from 'typebox';

// A plain string enum (not a union of literals), so a wrong value gets one clear "enum" error.
const choice = <T extends string>(values: readonly T[], description: string): TUnsafe<T> =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], description, default: values[0] });

export const ErrorBody = Type.Object(
  {
    error: Type.String({ description: 'Machine-readable code' }),
    message: Type.String({ description: 'Human text' }),
  },
  { $id: 'ErrorBody' },
);

export const GenerateBody = Type.Object(
  {
    prompt: Type.String({
      minLength: 1,
      maxLength: PROMPT_MAX_LENGTH,
      pattern: '\\S',
      description: 'What to draw',
    }),
    negative_prompt: Type.Optional(
      Type.String({ maxLength: PROMPT_MAX_LENGTH, description: 'What to avoid' }),
    ),
    aspect_ratio: Type.Optional(
      choice(Object.keys(ASPECT_RATIOS) as (keyof typeof ASPECT_RATIOS)[], 'Image shape'),
    ),
    style: Type.Optional(choice(STYLES, 'Image style')),
    color: Type.Optional(choice(COLORS, 'Colour treatment')),
    lighting: Type.Optional(choice(LIGHTINGS, 'Lighting')),
    composition: Type.Optional(choice(COMPOSITIONS, 'Composition')),
    model: Type.Optional(Type.String({ maxLength: 100, description: 'A model name from GET /api/models' })),
    seed: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 4294967295, description: 'Same seed, same image' }),
    ),
    count: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_IMAGES_PER_REQUEST, default: 1 })),
    private: Type.Optional(
      Type.Boolean({
        description:
          'Private generation (Ultimate): never published, shown to no one else; 403 on other plans',
      }),
    ),
  },
  { additionalProperties: false },
);
export type GenerateBody = Static<typeof GenerateBody>;

export const JobStatusName = Type.Union([
  Type.Literal('waiting'),
  Type.Literal('processing'),
  Type.Literal('completed'),
  Type.Literal('error'),
]);

export const SubmittedJob = Type.Object({
  job_id: Type.String({ format: 'uuid' }),
  status: JobStatusName,
  position: Type.Integer({ description: '1-based place in the queue while waiting' }),
});

export const JobImage = Type.Object({
  url: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
  seed: Type.Integer(),
  flagged: Type.Boolean({ description: 'May not suit public viewing' }),
});

export const JobBody = Type.Object(
  {
    job_id: Type.String(),
    status: JobStatusName,
    position: Type.Integer(),
    progress: Type.Number({ minimum: 0, maximum: 1 }),
    images: Type.Array(JobImage),
    error: Type.Union([ErrorBody, Type.Null()]),
  },
  { $id: 'Job' },
);
export type JobBody = Static<typeof JobBody>;

export const JobParams = Type.Object({ id: Type.String({ maxLength: 64 }) });

export const ModelsBody = Type.Object({
  models: Type.Array(
    Type.Object({
      name: Type.String(),
      kind: Type.String(),
      title: Type.String(),
      description: Type.String(),
      builtin: Type.Boolean(),
      default: Type.Boolean(),
    }),
  ),
});
