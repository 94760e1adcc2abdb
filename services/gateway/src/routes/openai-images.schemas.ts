// The OpenAI-compatible image call (POST /v1/images/generations), so integrators' existing OpenAI clients
// work unchanged against Pictura with an API key: the request and response shapes of OpenAI's Images API,
// errors as {error: {message, type, param, code}}.
import {
  ASPECT_RATIOS,
  type AspectRatio,
  DEFAULT_CHOICES,
  DEFAULT_STRENGTH,
  EXACT_SIZE,
  GENERATION_OPTION_RULES as OPTION,
} from '@pictura/common/generation-options';
import { type Static, Type } from 'typebox';
import { FreeText, SingleLineText } from '../text-schemas.ts';
import { WebhookUrlField } from './webhooks.schemas.ts';

/** OpenAI's output formats; a url answer is always the stored PNG, b64_json is re-encoded as asked. */
export const OUTPUT_FORMATS = ['png', 'jpeg', 'webp'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

const stringEnum = <T extends string>(values: readonly T[], description?: string) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], ...(description ? { description } : {}) });

/** OpenAI parameters accepted and not used: they have no meaning for these models. */
const ACCEPTED = 'Accepted for compatibility; no effect here.';

const AUTO_SIZE = ASPECT_RATIOS[DEFAULT_CHOICES.aspectRatio];
const MAX_SQUARE_SIDE = Math.sqrt(EXACT_SIZE.maxPixels);
const SIZE_DESCRIPTION =
  'WIDTHxHEIGHT (e.g. 1024x1024) or auto. Rendered exactly by models that draw any size (pictura-emoji, ' +
  `pictura-abstract): sides a multiple of ${EXACT_SIZE.multiple}, ${EXACT_SIZE.min}..${EXACT_SIZE.max} px, ` +
  `at most ${MAX_SQUARE_SIDE}×${MAX_SQUARE_SIDE} pixels. A fixed-size model ` +
  'renders the nearest size it can; the `x-pictura-image-size` header and `size` in the answer say which. ' +
  `auto: ${AUTO_SIZE.width}x${AUTO_SIZE.height}.`;

export const OpenAiImageRequest = Type.Object(
  {
    prompt: FreeText({ maxLength: OPTION.prompt.maxLength }),
    model: Type.Optional(
      SingleLineText({
        maxLength: OPTION.model.maxLength,
        description:
          'A Pictura model name, or an OpenAI one (dall-e-2, dall-e-3, gpt-image-1, …) mapped to ours; see GET /v1/models',
      }),
    ),
    n: Type.Optional(
      Type.Integer({
        minimum: OPTION.count.minimum,
        maximum: OPTION.count.maximum,
        default: OPTION.count.default,
      }),
    ),
    size: Type.Optional(SingleLineText({ maxLength: 20, description: SIZE_DESCRIPTION })),
    response_format: Type.Optional(
      Type.Unsafe<'url' | 'b64_json'>({
        type: 'string',
        enum: ['url', 'b64_json'],
        description: 'Default: b64_json for gpt-image-* models (as OpenAI answers them), url for the others',
      }),
    ),
    output_format: Type.Optional(
      stringEnum(OUTPUT_FORMATS, 'Encoding of b64_json images (png, jpeg or webp); url images are PNG'),
    ),
    output_compression: Type.Optional(
      Type.Integer({ minimum: 0, maximum: 100, description: 'jpeg/webp quality of b64_json images' }),
    ),
    stream: Type.Optional(
      Type.Boolean({ description: 'Only false: streamed partial images are not offered' }),
    ),
    partial_images: Type.Optional(Type.Integer({ minimum: 0, maximum: 3, description: ACCEPTED })),
    quality: Type.Optional(SingleLineText({ maxLength: 20, description: ACCEPTED })),
    style: Type.Optional(SingleLineText({ maxLength: 20, description: ACCEPTED })),
    background: Type.Optional(
      stringEnum(
        OPTION.background.values,
        'transparent: the subjects alone, on models that can (see `transparent_background` in GET /api/models; ' +
          'others answer 400 background_unsupported); PNG or WebP only. auto (the default) and opaque: a ' +
          'painted background',
      ),
    ),
    moderation: Type.Optional(
      SingleLineText({ maxLength: 20, description: `${ACCEPTED} Every image is checked as on the site.` }),
    ),
    user: Type.Optional(SingleLineText({ maxLength: 200, description: ACCEPTED })),
    negative_prompt: Type.Optional(
      FreeText({
        maxLength: OPTION.negativePrompt.maxLength,
        description: 'Pictura extension: what to keep out',
      }),
    ),
    seed: Type.Optional(
      Type.Integer({
        minimum: OPTION.seed.minimum,
        maximum: OPTION.seed.maximum,
        description: 'Pictura extension: the same seed, the same image',
      }),
    ),
    webhook_url: WebhookUrlField,
  },
  { additionalProperties: false },
);
export type OpenAiImageRequest = Static<typeof OpenAiImageRequest>;

export const OpenAiImageResponse = Type.Object({
  created: Type.Integer({ description: 'Unix seconds' }),
  data: Type.Array(
    Type.Object({
      url: Type.Optional(Type.String()),
      b64_json: Type.Optional(Type.String()),
      revised_prompt: Type.Optional(Type.String()),
    }),
  ),
  size: Type.Optional(Type.String({ description: 'The size rendered, WIDTHxHEIGHT' })),
  output_format: Type.Optional(Type.String()),
  background: Type.Optional(
    Type.Unsafe<'transparent' | 'opaque'>({
      type: 'string',
      enum: ['transparent', 'opaque'],
      description: 'The background the images have',
    }),
  ),
});
export type OpenAiImageResponse = Static<typeof OpenAiImageResponse>;

export const OpenAiErrorResponse = Type.Object(
  {
    error: Type.Object({
      message: Type.String(),
      type: Type.String({ description: 'invalid_request_error (4xx), requests (429) or server_error (5xx)' }),
      param: Type.Union([Type.String(), Type.Null()], { description: 'The parameter at fault, if one is' }),
      code: Type.Union([Type.String(), Type.Null()]),
    }),
  },
  { title: 'OpenAiError' },
);

const imageFile = (description: string) =>
  Type.String({ format: 'binary', contentMediaType: 'application/octet-stream', description });
const formText = (description: string) => Type.Optional(Type.String({ description }));

/** Fields both image-input calls share (documentation of their multipart forms; the route reads the parts). */
const IMAGE_FORM_FIELDS = {
  image: imageFile('The starting image: PNG, JPEG or WebP, at most 10 MB'),
  n: formText(`${OPTION.count.minimum} to ${OPTION.count.maximum} images`),
  size: formText('WIDTHxHEIGHT or auto (keeps the image’s aspect ratio)'),
  response_format: formText('url or b64_json'),
  model: formText('A Pictura model name or an OpenAI name mapped to the default model'),
  user: formText('Accepted and ignored'),
  strength: formText(`Pictura extension: 0 keeps the image, 1 redraws it (default ${DEFAULT_STRENGTH})`),
  webhook_url: formText('Pictura extension: where the finished job is POSTed, signed (Standard Webhooks)'),
};

export const OpenAiImageEditForm = Type.Object(
  {
    ...IMAGE_FORM_FIELDS,
    prompt: Type.String({ description: 'What to make of the image' }),
    mask: Type.Optional(imageFile('Accepted and ignored: the whole image is reworked')),
  },
  { title: 'OpenAiImageEditForm' },
);

export const OpenAiImageVariationForm = Type.Object(
  { ...IMAGE_FORM_FIELDS, prompt: formText('Pictura extension: steers the variation') },
  { title: 'OpenAiImageVariationForm' },
);

const SIZE = /^(\d{2,5})x(\d{2,5})$/;

/**
 * The aspect ratio nearest to an OpenAI size ("1792x1024" → landscape_16_9); "auto" or none is square;
 * anything else is null (a 400 naming the parameter).
 */
export function aspectRatioForSize(size: string | undefined): AspectRatio | null {
  if (size === undefined || size === 'auto') return DEFAULT_CHOICES.aspectRatio;
  const match = SIZE.exec(size);
  if (!match) return null;
  const wanted = Math.log(Number(match[1]) / Number(match[2]));
  if (!Number.isFinite(wanted)) return null;
  let best: AspectRatio = DEFAULT_CHOICES.aspectRatio;
  for (const [name, { width, height }] of Object.entries(ASPECT_RATIOS) as [
    AspectRatio,
    { width: number; height: number },
  ][]) {
    const distance = Math.abs(Math.log(width / height) - wanted);
    const bestSize = ASPECT_RATIOS[best];
    if (distance < Math.abs(Math.log(bestSize.width / bestSize.height) - wanted)) best = name;
  }
  return best;
}

/**
 * What an OpenAI `size` asks for: the nearest aspect ratio (for history and the site) and, unless auto or
 * absent, the exact width and height (jobs checks them against EXACT_SIZE); null when unreadable.
 */
export function requestedSize(
  size: string | undefined,
): { aspectRatio: AspectRatio; width?: number; height?: number } | null {
  const aspectRatio = aspectRatioForSize(size);
  if (!aspectRatio) return null;
  const match = size === undefined ? null : SIZE.exec(size);
  return match ? { aspectRatio, width: Number(match[1]), height: Number(match[2]) } : { aspectRatio };
}
