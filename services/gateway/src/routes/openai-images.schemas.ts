// The OpenAI-compatible image call (POST /v1/images/generations), so integrators' existing OpenAI clients
// work unchanged against Pictura with an API key: the request and response shapes of OpenAI's Images API,
// errors as {error: {message, type, param, code}}.
import { ASPECT_RATIOS, type AspectRatio, MAX_IMAGES_PER_REQUEST } from '@pictura/common/generation-options';
import { type Static, Type } from 'typebox';

export const OpenAiImageRequest = Type.Object(
  {
    prompt: Type.String({ maxLength: 2000 }),
    model: Type.Optional(
      Type.String({ maxLength: 100, description: 'A Pictura model name; others use the default' }),
    ),
    n: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_IMAGES_PER_REQUEST, default: 1 })),
    size: Type.Optional(
      Type.String({
        maxLength: 20,
        description: "WIDTHxHEIGHT or auto; mapped to the nearest of Pictura's aspect ratios",
      }),
    ),
    response_format: Type.Optional(
      Type.Unsafe<'url' | 'b64_json'>({ type: 'string', enum: ['url', 'b64_json'], default: 'url' }),
    ),
    negative_prompt: Type.Optional(Type.String({ maxLength: 2000, description: 'Pictura extension' })),
    seed: Type.Optional(Type.Integer({ minimum: 0, maximum: 4294967295, description: 'Pictura extension' })),
    // Accepted for compatibility and ignored: OpenAI's own knobs that have no meaning here.
    quality: Type.Optional(Type.String({ maxLength: 20 })),
    style: Type.Optional(Type.String({ maxLength: 20 })),
    user: Type.Optional(Type.String({ maxLength: 200 })),
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
});
export type OpenAiImageResponse = Static<typeof OpenAiImageResponse>;

export const OpenAiErrorBody = Type.Object({
  error: Type.Object({
    message: Type.String(),
    type: Type.String(),
    param: Type.Union([Type.String(), Type.Null()]),
    code: Type.Union([Type.String(), Type.Null()]),
  }),
});
export type OpenAiErrorBody = Static<typeof OpenAiErrorBody>;

const SIZE = /^(\d{2,5})x(\d{2,5})$/;

/**
 * The aspect ratio nearest to an OpenAI size ("1792x1024" → landscape_16_9); "auto" or none is square;
 * anything else is null (a 400 naming the parameter).
 */
export function aspectRatioForSize(size: string | undefined): AspectRatio | null {
  if (size === undefined || size === 'auto') return 'square';
  const match = SIZE.exec(size);
  if (!match) return null;
  const wanted = Math.log(Number(match[1]) / Number(match[2]));
  if (!Number.isFinite(wanted)) return null;
  let best: AspectRatio = 'square';
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
