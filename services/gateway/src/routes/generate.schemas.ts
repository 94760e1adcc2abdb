import { GENERATION_OPTION_RULES as OPTION } from '@pictura/common/generation-options';
import { type Static, type TUnsafe, Type } from 'typebox';
import { FreeText, SingleLineText } from '../text-schemas.ts';
import { NullableScene } from './scene.schemas.ts';
import { WebhookUrlField } from './webhooks.schemas.ts';

// A plain string enum (not a union of literals), so a wrong value gets one clear "enum" error.
const choice = <T extends string>(
  rule: { values: readonly T[]; default: NoInfer<T> },
  description: string,
): TUnsafe<T> =>
  Type.Unsafe<T>({ type: 'string', enum: [...rule.values], description, default: rule.default });

export const ErrorBody = Type.Object(
  {
    error: Type.String({ description: 'Machine-readable code' }),
    message: Type.String({ description: 'Human text' }),
  },
  { $id: 'ErrorBody' },
);

export const GenerateBody = Type.Object(
  {
    prompt: FreeText({
      minLength: 1,
      maxLength: OPTION.prompt.maxLength,
      pattern: '\\S',
      description: 'What to draw',
    }),
    negative_prompt: Type.Optional(
      FreeText({ maxLength: OPTION.negativePrompt.maxLength, description: 'What to avoid' }),
    ),
    aspect_ratio: Type.Optional(choice(OPTION.aspectRatio, 'Image shape')),
    style: Type.Optional(choice(OPTION.style, 'Image style')),
    color: Type.Optional(choice(OPTION.color, 'Colour treatment')),
    lighting: Type.Optional(choice(OPTION.lighting, 'Lighting')),
    composition: Type.Optional(choice(OPTION.composition, 'Composition')),
    background: Type.Optional(
      choice(
        OPTION.background,
        'auto and opaque: a painted background; transparent: the subjects alone on a transparent PNG, for ' +
          'models whose settings say transparent_background (others answer 400 background_unsupported)',
      ),
    ),
    model: Type.Optional(
      SingleLineText({ maxLength: OPTION.model.maxLength, description: 'A model name from GET /api/models' }),
    ),
    seed: Type.Optional(
      Type.Integer({
        minimum: OPTION.seed.minimum,
        maximum: OPTION.seed.maximum,
        description: 'Same seed, same image',
      }),
    ),
    count: Type.Optional(
      Type.Integer({
        minimum: OPTION.count.minimum,
        maximum: OPTION.count.maximum,
        default: OPTION.count.default,
      }),
    ),
    private: Type.Optional(
      Type.Boolean({
        description:
          'Private generation (Ultimate): never published, shown to no one else; 403 on other plans',
      }),
    ),
    webhook_url: WebhookUrlField,
  },
  { additionalProperties: false },
);
export type GenerateBody = Static<typeof GenerateBody>;

export const JobStatusName = Type.Union([
  Type.Literal('waiting'),
  Type.Literal('processing'),
  Type.Literal('completed'),
  Type.Literal('error'),
  Type.Literal('cancelled'),
]);

const EventsUrl = Type.String({
  description:
    'Where to follow the job with Server-Sent Events; for a signed-in user (and at submission, for a guest) ' +
    'it carries a short-lived `access_token` scoped to this job, since a browser EventSource cannot send ' +
    'headers. A guest cancels their job with that token: DELETE /api/jobs/{id}?access_token=…',
});

export const SubmittedJob = Type.Object({
  job_id: Type.String({ format: 'uuid' }),
  status: JobStatusName,
  position: Type.Integer({ description: '1-based place in the queue while waiting' }),
  events_url: EventsUrl,
});

export const JobImage = Type.Object({
  url: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
  seed: Type.Integer(),
  flagged: Type.Boolean({ description: 'May not suit public viewing' }),
  subject: Type.Union(
    [
      Type.Object({
        found: Type.Boolean({
          description:
            'true: it drew the named thing; false: nothing in the prompt was in its vocabulary, so it painted an abstract picture',
        }),
        emoji: Type.Optional(Type.String({ description: 'The emoji it drew, e.g. 🦊' })),
        name: Type.Optional(Type.String({ description: "The emoji's English name, e.g. fox" })),
      }),
      Type.Null(),
    ],
    {
      description:
        "What the model drew, in one thing: a scene's main subject (found false when it placed none), or what " +
        'a subject-drawing model drew; null for models that do not say',
    },
  ),
  scene: NullableScene('What Pictura Scenes read in the prompt and drew; null for models that do not say'),
});

export const JobBody = Type.Object(
  {
    job_id: Type.String(),
    status: JobStatusName,
    position: Type.Integer(),
    progress: Type.Number({ minimum: 0, maximum: 1 }),
    images: Type.Array(JobImage),
    error: Type.Union([ErrorBody, Type.Null()]),
    events_url: Type.Optional(EventsUrl),
  },
  { $id: 'Job' },
);
export type JobBody = Static<typeof JobBody>;

export const JobParams = Type.Object({ id: SingleLineText({ maxLength: 64 }) });

const AccessToken = SingleLineText({
  maxLength: 64,
  description: "The job-scoped token from the job's events_url",
});

export const JobEventsQuery = Type.Object({
  access_token: Type.Optional(AccessToken),
  last_event_id: Type.Optional(
    SingleLineText({
      maxLength: 16,
      description: 'As the Last-Event-ID header, for clients that cannot set it',
    }),
  ),
});

export const CancelJobQuery = Type.Object({
  access_token: Type.Optional(
    SingleLineText({
      maxLength: 64,
      description: "A guest's job: the token from the submission's events_url",
    }),
  ),
});

export const ModelLicenceBody = Type.Object({
  name: Type.String({ description: 'e.g. "MIT", "sai-nc-community"' }),
  url: Type.String({ description: 'The licence text' }),
  commercial_use: Type.Boolean({ description: 'Whether the licence allows commercial use' }),
});

export const ModelSettingsBody = Type.Object({
  steps: Type.Integer({ description: 'Denoising steps per image' }),
  guidance: Type.Number({ description: 'Classifier-free guidance scale; 1 or less turns it off' }),
  width: Type.Union([Type.Integer(), Type.Null()], { description: 'Native width; null when not stated' }),
  height: Type.Union([Type.Integer(), Type.Null()], { description: 'Native height; null when not stated' }),
  fixed_size: Type.Boolean({ description: 'Only the native width and height are accepted' }),
  negative_prompt: Type.Boolean({ description: 'False when the negative prompt has no effect' }),
  transparent_background: Type.Boolean({
    description: 'Can leave the background transparent (background: transparent)',
  }),
});

const MODEL_KINDS = ['generate', 'upscale', 'safety'] as const;
export const ModelKindName = choice({ values: MODEL_KINDS, default: MODEL_KINDS[0] }, 'What the model does');

export const ModelBody = Type.Object(
  {
    name: Type.String({ description: "What requests name (model, or the upscaler's model)" }),
    kind: ModelKindName,
    title: Type.String({ description: 'What users see' }),
    description: Type.String(),
    builtin: Type.Boolean({ description: 'Built by the project itself; cannot be removed' }),
    default: Type.Boolean({ description: 'The one of its kind a request naming none gets' }),
    licence: Type.Union([ModelLicenceBody, Type.Null()], {
      description: 'Null when the worker does not say',
    }),
    size_bytes: Type.Integer({ description: 'On disk; 0 for the built-ins' }),
    source: Type.String({
      description: '"hf:owner/name@revision", "npm:package@version", "local" or "builtin"',
    }),
    installed_at: Type.Union([Type.String(), Type.Null()], { description: 'ISO time; null when unknown' }),
    settings: Type.Union([ModelSettingsBody, Type.Null()], { description: 'Generate models only' }),
    ms_per_output_megapixel: Type.Union([Type.Number(), Type.Null()], {
      description: 'Upscale models: milliseconds per output megapixel, for a time estimate',
    }),
  },
  { title: 'Model' },
);
export type ModelBody = Static<typeof ModelBody>;

export const ModelsBody = Type.Object({
  models: Type.Array(ModelBody, { description: 'Every kind, the safety classifier included' }),
});
