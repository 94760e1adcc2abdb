// OpenAI's Images API in front of Pictura's generator, for integrators' existing OpenAI clients (base URL =
// this site + /v1, API key = a Pictura `sk_…` key): generations (text-to-image), edits and variations
// (image-to-image, multipart). Each call submits one job and answers when it is done, with URLs on this site
// or the images inline. Errors keep OpenAI's shape (openai-errors.ts).
import fastifyMultipart from '@fastify/multipart';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { AppError } from '@pictura/common/app-error';
import { type Job, JobStatus } from '@pictura/common/gen/jobs/v1/jobs_pb';
import {
  type Background,
  DEFAULT_CHOICES,
  GENERATION_OPTION_RULES as OPTION,
} from '@pictura/common/generation-options';
import { reencodeImage } from '@pictura/common/image-reencode';
import { MAX_UPLOAD_BYTES } from '@pictura/common/image-sniff';
import type { ObjectStore } from '@pictura/common/object-store';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { JobsClient } from '../clients.ts';
import { submissionWebhookUrl } from '../webhook-url.ts';
import { requireApiKey } from './openai-access.ts';
import { OpenAiError } from './openai-errors.ts';
import {
  EDIT_FIELDS,
  enumField,
  type ImageForm,
  intField,
  outputFormatField,
  readImageForm,
  strengthField,
  VARIATION_FIELDS,
} from './openai-image-form.ts';
import {
  aspectRatioForSize,
  OpenAiErrorResponse,
  OpenAiImageEditForm,
  OpenAiImageRequest,
  OpenAiImageResponse,
  OpenAiImageVariationForm,
  type OutputFormat,
  requestedSize,
} from './openai-images.schemas.ts';
import { defaultResponseFormat, resolveModelAlias } from './openai-model-aliases.ts';

/** How long the call waits for its images before answering 504 (the job itself goes on). */
const WAIT_MS = 120_000;

/** Job error codes that are the request's fault (400); the rest are ours (500). */
const CLIENT_JOB_ERRORS = new Set([
  'invalid_argument',
  'invalid_option',
  'invalid_input',
  'bad_image_size',
  'not_an_image',
  'source_missing',
  'too_many_pixels',
  'unsupported_model_capability',
  'background_unsupported',
]);

export interface OpenAiImagesDeps {
  jobs: JobsClient;
  store: ObjectStore;
  publicUrl: string;
  modelAliases: Readonly<Record<string, string>>;
  /** Tests only: webhook receivers on loopback (ALLOW_LOOPBACK_FETCH). */
  allowLoopbackFetch?: boolean;
}

/** One call, whichever endpoint it came through. */
interface ImageCall {
  prompt: string;
  negativePrompt?: string | undefined;
  model?: string | undefined;
  n?: number | undefined;
  size?: string | undefined;
  seed?: number | undefined;
  responseFormat?: 'url' | 'b64_json' | undefined;
  outputFormat?: OutputFormat | undefined;
  outputCompression?: number | undefined;
  stream?: boolean | undefined;
  /** Pictura extension: where to POST the job's end (signed webhook); absent: the API key's default. */
  webhookUrl?: string | undefined;
  /** OpenAI's background: transparent asks for the subjects alone (models that can). */
  background?: Background | undefined;
  /** Image-to-image: the stored starting image. */
  init?: { key: string; width: number; height: number; strength?: number | undefined };
}

async function finishedJob(jobs: JobsClient, jobId: string, viewerUserId: number, signal: AbortSignal) {
  let last: Job | undefined;
  for await (const job of jobs.watchJob({ jobId, viewerUserId }, { signal })) {
    last = job;
    if (job.status === JobStatus.COMPLETED || job.status === JobStatus.ERROR) return job;
    if (job.status === JobStatus.CANCELLED) return job;
  }
  if (signal.aborted) throw new AppError('deadline_exceeded', 'The images took too long; try again');
  throw new AppError('unavailable', `Lost contact with job ${last?.id ?? jobId}`);
}

async function answer(deps: OpenAiImagesDeps, request: FastifyRequest, reply: FastifyReply, call: ImageCall) {
  if (call.stream) {
    throw new OpenAiError(
      400,
      'Streaming is not offered: send stream false or leave it out',
      'invalid_value',
      'stream',
    );
  }
  const transparent = call.background === 'transparent';
  // As OpenAI answers: JPEG has no alpha channel.
  if (transparent && call.outputFormat === 'jpeg') {
    throw new OpenAiError(
      400,
      'A transparent background needs output_format png or webp; jpeg has no transparency',
      'invalid_value',
      'background',
    );
  }
  // Without a size, a variation or edit keeps its image's shape (the nearest aspect ratio).
  const sized =
    call.init && (call.size === undefined || call.size === 'auto')
      ? {
          aspectRatio:
            aspectRatioForSize(`${call.init.width}x${call.init.height}`) ?? DEFAULT_CHOICES.aspectRatio,
        }
      : requestedSize(call.size);
  if (!sized) {
    throw new OpenAiError(400, 'size must be WIDTHxHEIGHT (e.g. 1024x1024) or auto', 'invalid_size', 'size');
  }
  const submitted = await deps.jobs.submitGeneration(
    {
      userId: request.viewer.userId,
      requestId: request.id,
      clientAddress: request.ip,
      options: {
        prompt: call.prompt,
        negativePrompt: call.negativePrompt ?? '',
        aspectRatio: sized.aspectRatio,
        style: '',
        color: '',
        lighting: '',
        composition: '',
        background: call.background ?? '',
        model: resolveModelAlias(call.model, deps.modelAliases),
        seed: call.seed,
        count: call.n ?? OPTION.count.default,
        width: sized.width,
        height: sized.height,
        initImageKey: call.init?.key ?? '',
        strength: call.init?.strength,
      },
      private: false,
      webhookUrl: submissionWebhookUrl(request, call.webhookUrl, {
        allowLoopback: deps.allowLoopbackFetch === true,
      }),
    },
    { requestId: request.id },
  );

  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), WAIT_MS);
  request.raw.on('close', () => controller.abort());
  let job: Job;
  try {
    job = await finishedJob(deps.jobs, submitted.id, request.viewer.userId, controller.signal);
  } finally {
    clearTimeout(timer);
  }
  if (job.status !== JobStatus.COMPLETED) {
    const code =
      job.error?.code || (job.status === JobStatus.CANCELLED ? 'job_cancelled' : 'generation_failed');
    const status = CLIENT_JOB_ERRORS.has(code) ? 400 : 500;
    throw new OpenAiError(status, job.error?.message || 'Failed to generate image, please try again', code);
  }

  const first = job.images[0];
  const size = first ? `${first.width}x${first.height}` : undefined;
  if (size) reply.header('x-pictura-image-size', size);
  const base = deps.publicUrl.replace(/\/$/, '');
  const format = call.outputFormat ?? 'png';
  const responseFormat = call.responseFormat ?? defaultResponseFormat(call.model);
  const data = await Promise.all(
    job.images.map(async (image) => {
      if (responseFormat !== 'b64_json') return { url: `${base}/files/${image.key}` };
      const bytes = await deps.store.read(image.key);
      if (!bytes) {
        throw new AppError(
          'unavailable',
          'Image storage service is temporarily unavailable, please try again later',
        );
      }
      return { b64_json: (await reencodeImage(bytes, format, call.outputCompression)).toString('base64') };
    }),
  );
  return {
    created: Math.floor(Date.now() / 1000),
    data,
    ...(size ? { size } : {}),
    output_format: responseFormat === 'b64_json' ? format : 'png',
    background: transparent ? ('transparent' as const) : ('opaque' as const),
  };
}

/** The fields both multipart endpoints share, read from the form. */
function formCall(form: ImageForm, prompt: string): ImageCall {
  const { fields, image } = form;
  return {
    prompt,
    negativePrompt: fields.negative_prompt,
    model: fields.model || undefined,
    n: intField(fields, 'n', OPTION.count.minimum, OPTION.count.maximum),
    size: fields.size || undefined,
    seed: intField(fields, 'seed', OPTION.seed.minimum, OPTION.seed.maximum),
    responseFormat: enumField(fields, 'response_format', ['url', 'b64_json'] as const),
    outputFormat: outputFormatField(fields),
    outputCompression: intField(fields, 'output_compression', 0, 100),
    stream: enumField(fields, 'stream', ['true', 'false'] as const) === 'true',
    init: { key: image.key, width: image.width, height: image.height, strength: strengthField(fields) },
    webhookUrl: fields.webhook_url,
  };
}

const RESPONSES = { 200: OpenAiImageResponse, '4xx': OpenAiErrorResponse, '5xx': OpenAiErrorResponse };

const IMAGE_TO_IMAGE =
  'Runs as image-to-image on models that can start from an image (pictura-emoji, and Stable Diffusion ' +
  'folders with a VAE encoder): the image is noised to the time `strength` gives (Pictura extension, 0 keeps ' +
  'it, 1 ignores it; default 0.6) and drawn from there. Other models answer 400 ' +
  '`unsupported_model_capability` (param `model`). multipart/form-data: `image` (or `image[]`; the first is ' +
  'used; JPEG, PNG or WebP by its bytes, at most 10 MB), ';

export async function openAiImagesRoutes(app: FastifyInstance, deps: OpenAiImagesDeps): Promise<void> {
  app.addHook('onRequest', requireApiKey);
  // The same caps as the upscaler's uploads; busboy stops counting into memory at 10 MB.
  await app.register(fastifyMultipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 4, fields: 20, parts: 24 },
  });
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.post(
    '/v1/images/generations',
    {
      schema: {
        operationId: 'createImage',
        summary: 'Create images from a prompt (OpenAI-compatible)',
        description:
          "OpenAI's Images API: `n` up to 4, `size` rendered exactly where the model can (see `size`), " +
          '`response_format` url (links on this site, PNG) or b64_json (in `output_format`). `model` takes our ' +
          'names or OpenAI ones (mapped to ours, see GET /v1/models). `background: transparent` leaves the ' +
          'subjects alone on transparency (models that can; not with output_format jpeg). `quality`, `style`, ' +
          '`moderation`, `partial_images` and `user` are accepted and have no effect; `stream` must be false. ' +
          'Waits for the images (up to 2 minutes). The header `x-pictura-image-size` gives the size rendered.',
        tags: ['integrations'],
        body: OpenAiImageRequest,
        response: RESPONSES,
      },
      config: { rateLimitPolicy: 'generation' },
    },
    async (request, reply) => {
      const body = request.body;
      if (body.prompt.trim() === '') {
        throw new OpenAiError(400, 'Please enter an image description', 'prompt_required', 'prompt');
      }
      return answer(deps, request, reply, {
        prompt: body.prompt,
        negativePrompt: body.negative_prompt,
        model: body.model,
        n: body.n,
        size: body.size,
        seed: body.seed,
        responseFormat: body.response_format,
        outputFormat: body.output_format,
        outputCompression: body.output_compression,
        stream: body.stream,
        webhookUrl: body.webhook_url,
        background: body.background,
      });
    },
  );

  api.post(
    '/v1/images/edits',
    {
      schema: {
        operationId: 'createImageEdit',
        summary: 'Rework an image after a prompt (OpenAI-compatible)',
        description:
          IMAGE_TO_IMAGE +
          '`prompt` (required), `mask` (accepted and ignored: the whole image is reworked), and the fields of ' +
          'POST /v1/images/generations (`n`, `size`, `response_format`, `model`, `output_format`, …; ' +
          '`input_fidelity` is accepted and has no effect). Without `size` the image keeps its aspect ratio.',
        tags: ['integrations'],
        consumes: ['multipart/form-data'],
        response: RESPONSES,
      },
      config: {
        rateLimitPolicy: 'generation',
        documentedBody: { consumes: ['multipart/form-data'], schema: OpenAiImageEditForm },
      },
    },
    async (request, reply) => {
      const form = await readImageForm(request, deps.store, EDIT_FIELDS);
      const prompt = form.fields.prompt ?? '';
      if (prompt.trim() === '') {
        throw new OpenAiError(400, "Missing required parameter: 'prompt'.", 'prompt_required', 'prompt');
      }
      return answer(deps, request, reply, formCall(form, prompt));
    },
  );

  api.post(
    '/v1/images/variations',
    {
      schema: {
        operationId: 'createImageVariation',
        summary: 'Make variations of an image (OpenAI-compatible)',
        description:
          IMAGE_TO_IMAGE +
          '`n`, `size`, `response_format`, `model`, `user`; a `prompt` (Pictura extension) steers it, and ' +
          'without one the model draws from the image alone (its unconditional path). Without `size` the ' +
          'image keeps its aspect ratio.',
        tags: ['integrations'],
        consumes: ['multipart/form-data'],
        response: RESPONSES,
      },
      config: {
        rateLimitPolicy: 'generation',
        documentedBody: { consumes: ['multipart/form-data'], schema: OpenAiImageVariationForm },
      },
    },
    async (request, reply) => {
      const form = await readImageForm(request, deps.store, VARIATION_FIELDS);
      return answer(deps, request, reply, formCall(form, form.fields.prompt ?? ''));
    },
  );
}
