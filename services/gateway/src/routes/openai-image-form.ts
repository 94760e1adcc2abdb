// The multipart forms of POST /v1/images/edits and /v1/images/variations, read as OpenAI's clients send them:
// the image in `image` (or `image[]`; the first is used), an optional `mask` (read and ignored: the whole
// image is reworked), the other parameters as text fields. The image goes through the same intake as the
// upscaler's uploads (magic bytes, 10 MB, pixel cap, metadata stripped).
import { ImageRejectedError } from '@pictura/common/image-decode';
import { FILE_TOO_LARGE_MESSAGE, NOT_AN_IMAGE_MESSAGE } from '@pictura/common/image-sniff';
import type { ObjectStore } from '@pictura/common/object-store';
import type { FastifyError, FastifyRequest } from 'fastify';
import { type StoredImage, storeUntrustedImage } from '../image-intake.ts';
import { controlCharactersMessage, hasControlCharacters } from '../text-schemas.ts';
import { OpenAiError } from './openai-errors.ts';
import { OUTPUT_FORMATS, type OutputFormat } from './openai-images.schemas.ts';

/** Text fields each form takes: OpenAI's documented ones, then Pictura's extensions. */
export const EDIT_FIELDS = [
  'prompt',
  'model',
  'n',
  'size',
  'response_format',
  'output_format',
  'output_compression',
  'quality',
  'background',
  'input_fidelity',
  'moderation',
  'partial_images',
  'stream',
  'user',
  'negative_prompt',
  'seed',
  'strength',
  'webhook_url',
] as const;
export const VARIATION_FIELDS = [
  'prompt',
  'model',
  'n',
  'size',
  'response_format',
  'user',
  'negative_prompt',
  'seed',
  'strength',
  'webhook_url',
] as const;

export interface ImageForm {
  image: StoredImage;
  fields: Partial<Record<(typeof EDIT_FIELDS)[number], string>>;
}

function fileError(error: unknown): never {
  const code = (error as FastifyError).code;
  if (code === 'FST_REQ_FILE_TOO_LARGE')
    throw new OpenAiError(413, FILE_TOO_LARGE_MESSAGE, 'file_too_large', 'image');
  if (code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT' || code === 'FST_FIELDS_LIMIT') {
    throw new OpenAiError(400, 'Too many parts in the form', 'invalid_value', null);
  }
  // Anything else reading the form threw is a form the parser cannot read (no boundary, cut short).
  throw new OpenAiError(
    400,
    'The form could not be read; send multipart/form-data with a boundary.',
    'invalid_multipart',
    null,
  );
}

/** Reads the form, stores its image, and returns the text fields (only those `allowed`). */
export async function readImageForm(
  request: FastifyRequest,
  store: ObjectStore,
  allowed: readonly string[],
): Promise<ImageForm> {
  if (!request.isMultipart()) {
    throw new OpenAiError(
      400,
      'Send multipart/form-data with the image in the field `image`',
      'invalid_value',
      'image',
    );
  }
  let bytes: Buffer | undefined;
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const isImage = part.fieldname === 'image' || part.fieldname === 'image[]';
        if (isImage && bytes === undefined) bytes = await part.toBuffer();
        else if (isImage || part.fieldname === 'mask') part.file.resume();
        else {
          part.file.resume();
          throw new OpenAiError(
            400,
            `Unrecognized request argument supplied: ${part.fieldname}`,
            'unknown_parameter',
            part.fieldname,
          );
        }
        continue;
      }
      if (!allowed.includes(part.fieldname)) {
        throw new OpenAiError(
          400,
          `Unrecognized request argument supplied: ${part.fieldname}`,
          'unknown_parameter',
          part.fieldname,
        );
      }
      const value = String(part.value);
      // The JSON routes' free-text rule (text-schemas.ts), for fields no schema validates.
      if (hasControlCharacters(value, part.fieldname.endsWith('prompt'))) {
        throw new OpenAiError(
          400,
          `${controlCharactersMessage(part.fieldname)}.`,
          'invalid_value',
          part.fieldname,
        );
      }
      fields[part.fieldname] = value;
    }
  } catch (error) {
    if (error instanceof OpenAiError) throw error;
    fileError(error);
  }
  if (!bytes)
    throw new OpenAiError(400, "Missing required parameter: 'image'.", 'missing_required_parameter', 'image');
  try {
    return { image: await storeUntrustedImage(store, bytes), fields };
  } catch (error) {
    if (!(error instanceof ImageRejectedError)) throw error;
    if (error.code === 'not_an_image')
      throw new OpenAiError(400, NOT_AN_IMAGE_MESSAGE, 'not_an_image', 'image');
    if (error.code === 'too_large')
      throw new OpenAiError(413, FILE_TOO_LARGE_MESSAGE, 'file_too_large', 'image');
    throw new OpenAiError(400, error.message, 'too_many_pixels', 'image');
  }
}

/** An integer field in [min, max], or undefined when absent. */
export function intField(
  fields: ImageForm['fields'],
  name: keyof ImageForm['fields'],
  min: number,
  max: number,
) {
  const text = fields[name];
  if (text === undefined || text === '') return undefined;
  const value = Number(text);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new OpenAiError(
      400,
      `Invalid value for '${name}': must be an integer from ${min} to ${max}.`,
      'invalid_value',
      name,
    );
  }
  return value;
}

/** strength in [0, 1], or undefined when absent. */
export function strengthField(fields: ImageForm['fields']): number | undefined {
  const text = fields.strength;
  if (text === undefined || text === '') return undefined;
  const value = Number(text);
  if (!(value >= 0 && value <= 1)) {
    throw new OpenAiError(
      400,
      "Invalid value for 'strength': must be a number from 0 to 1.",
      'invalid_value',
      'strength',
    );
  }
  return value;
}

/** One of `values`, or undefined when absent. */
export function enumField<T extends string>(
  fields: ImageForm['fields'],
  name: keyof ImageForm['fields'],
  values: readonly T[],
) {
  const text = fields[name];
  if (text === undefined || text === '') return undefined;
  if (!(values as readonly string[]).includes(text)) {
    const allowed = values.map((v) => `'${v}'`).join(', ');
    throw new OpenAiError(
      400,
      `Invalid value for '${name}': supported values are ${allowed}.`,
      'invalid_value',
      name,
    );
  }
  return text as T;
}

export const outputFormatField = (fields: ImageForm['fields']): OutputFormat | undefined =>
  enumField(fields, 'output_format', OUTPUT_FORMATS);
