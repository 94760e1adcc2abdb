// Text-to-image with a Stable Diffusion Turbo class model (SD-Turbo, SDXL-Turbo, LCM) exported by Hugging
// Face Optimum: text encoder(s) → UNet denoising steps → VAE decoder, all on onnxruntime sessions. Steps,
// guidance and native size are the model's own (model-settings.ts); requests render near the native area
// (render-size.ts).
import { basename, relative } from 'node:path';
import { AppError } from '@pictura/common/app-error';
import { type GenerateSettings, MANIFEST_FILE } from '@pictura/common/model-manifest';
import type * as Ort from 'onnxruntime-node';
import type { GenerateParams, ImagePipeline, RenderedImage } from '../../generate/abstract.pipeline.ts';
import { fitInitImage, type InitImage } from '../../generate/init-image.ts';
import { ClipTokenizer } from './clip-tokenizer.ts';
import { createNoiseSource } from './latent-noise.ts';
import { type ModelFamily, readSdModelFolder } from './model-folder.ts';
import {
  checkVaePrecision,
  type DistilledKind,
  readFolderSettings,
  resolveRunSettings,
} from './model-settings.ts';
import { floatTensor, type OrtRuntime, readFloats, requireInput, requireOutput } from './onnx-io.ts';
import { PromptEncoder, type TextEncoderPart } from './prompt-encoder.ts';
import { styledPrompt } from './prompt-styling.ts';
import { advertisedSizes, type ImageSize, renderSize, sizePolicyOf } from './render-size.ts';
import {
  createSchedule,
  type DenoisingSchedule,
  type PredictionType,
  parseSchedulerConfig,
  type SchedulerKind,
} from './schedulers.ts';
import { guidanceEmbedding, UnetDenoiser } from './unet-denoiser.ts';

export { detectSdTurboFolder } from './model-folder.ts';
export { type DistilledKind, readFolderSettings } from './model-settings.ts';
export type { ImageSize } from './render-size.ts';

export interface SdTurboOptions {
  sessionOptions?: Ort.InferenceSession.SessionOptions;
  /**
   * Steps, guidance, native size and VAE upcast (the catalogue entry's, or an operator's). Without them the
   * folder's own pictura.json is read; without that, a distilled model gets its family's defaults and any
   * other model is refused.
   */
  settings?: GenerateSettings;
  /** Where `settings` came from, for `info.settingsFrom` (e.g. "catalogue"); default "options". */
  settingsFrom?: string;
  /** Pipeline name; default the folder's name. */
  name?: string;
}

export interface SdTurboInfo {
  family: ModelFamily;
  scheduler: SchedulerKind;
  predictionType: PredictionType;
  steps: number;
  guidanceScale: number;
  /** Where steps and guidance came from: the caller's label, "pictura.json", "turbo defaults", "lcm defaults". */
  settingsFrom: string;
  /** The distillation the folder was recognised as, if any. */
  distilled?: DistilledKind;
  /** False when guidance is off (≤ 1) or embedded (LCM): the negative prompt then changes nothing. */
  negativePromptUsed: boolean;
  nativeWidth: number;
  nativeHeight: number;
  /** The export fixed its image size: it renders nativeWidth×nativeHeight only. */
  fixedSize: boolean;
  /** dtype the VAE decoder computes in. */
  vaeType: string;
  vaeScalingFactor: number;
  textEncoderIdsType: string;
  unetSampleType: string;
  /** e.g. "int64 [batch]" or "float32 scalar". */
  unetTimestep: string;
}

export interface SdTurboPipeline extends ImagePipeline {
  readonly info: SdTurboInfo;
  /** The size a request for width×height renders at; throws 'bad_image_size' for one the model cannot take. */
  renderSize(width: number, height: number): ImageSize;
  /**
   * Renders (one denoising step) and discards an image at every size the model advertises, so that CUDA's
   * per-shape kernel selection and memory planning happen at boot instead of in the first users' jobs.
   */
  warmUp(): Promise<void>;
  /** Frees the onnxruntime sessions. */
  release(): Promise<void>;
}

export async function createSdTurboPipeline(
  runtime: OrtRuntime,
  dir: string,
  options: SdTurboOptions = {},
): Promise<SdTurboPipeline> {
  const folder = await readSdModelFolder(dir);
  const schedulerConfig = parseSchedulerConfig(folder.schedulerConfig);
  const folderSettings = options.settings ? undefined : await readFolderSettings(dir);
  const sessions: Ort.InferenceSession[] = [];
  // From the file path, so onnxruntime finds a model.onnx_data beside a large model.
  const open = async (path: string) => {
    const session = await runtime.InferenceSession.create(path, options.sessionOptions ?? {});
    sessions.push(session);
    return session;
  };
  const release = async () => {
    await Promise.all(sessions.splice(0).map((session) => session.release()));
  };

  try {
    const unet = new UnetDenoiser(runtime, await open(folder.unetPath));
    const run = resolveRunSettings(
      {
        dir,
        family: folder.family,
        scheduler: schedulerConfig.kind,
        schedulerJson: folder.schedulerConfig,
        guidanceEmbedding: unet.timestepCond !== undefined,
      },
      options.settings ?? folderSettings,
      options.settings ? (options.settingsFrom ?? 'options') : MANIFEST_FILE,
    );
    const { steps, guidanceScale } = run;
    const schedule = createSchedule(schedulerConfig, steps);
    // Warm-up runs one step: every step has the same shapes, and that is what CUDA plans for.
    const warmUpSchedule = createSchedule(schedulerConfig, 1);
    const vae = await open(folder.vaeDecoderPath);
    const encoder = folder.vaeEncoderPath ? await open(folder.vaeEncoderPath) : undefined;
    const encoderInput =
      encoder && requireInput(encoder, 'sample', 'vae_encoder/model.onnx', ['float32', 'float16']);
    // Newer Optimum exports give the distribution's parameters (mean, log-variance); older ones a sample.
    const encoderOutput =
      encoder &&
      (encoder.outputNames.includes('latent_parameters')
        ? 'latent_parameters'
        : requireOutput(encoder, 'latent_sample', 'vae_encoder/model.onnx'));
    const vaeInput = requireInput(vae, 'latent_sample', 'vae_decoder/model.onnx', ['float32', 'float16']);
    const vaeOutput = requireOutput(vae, 'sample', 'vae_decoder/model.onnx');
    checkVaePrecision(dir, folder.family, vaeInput.type, run.upcastVae);
    const sizePolicy = sizePolicyOf(dir, run, [unet.sample.shape, vaeInput.shape]);

    const encoderParts: TextEncoderPart[] = [];
    for (const encoder of folder.textEncoders) {
      const tokenizer = await ClipTokenizer.fromFolder(encoder.tokenizerDir);
      encoderParts.push({
        tokenizer,
        session: await open(encoder.modelPath),
        label: relative(dir, encoder.modelPath),
      });
    }
    const prompts = new PromptEncoder(runtime, folder.family, encoderParts);
    // LCM-distilled UNets take guidance as an embedding instead of a second (negative) pass.
    const useNegativePass = guidanceScale > 1 && !unet.timestepCond;
    const lcmGuidance =
      unet.timestepCond && guidanceEmbedding(guidanceScale - 1, unet.guidanceEmbeddingWidth);
    const channels = unet.latentChannels;

    const decode = async (latents: Float32Array, height: number, width: number): Promise<RenderedImage> => {
      const scaled = latents.map((v) => v / folder.vaeScalingFactor);
      const feeds = {
        latent_sample: floatTensor(runtime, vaeInput, scaled, [1, channels, height / 8, width / 8]),
      };
      const output = (await vae.run(feeds, [vaeOutput]))[vaeOutput] as Ort.Tensor;
      if (output.dims.join() !== [1, 3, height, width].join()) {
        throw new Error(`vae_decoder/model.onnx gave [${output.dims}] for a ${width}×${height} image`);
      }
      const pixels = readFloats(output);
      // A NaN would be written as 0: a black picture delivered as if it were the image.
      if (!pixels.every(Number.isFinite)) {
        throw new AppError(
          'failed_precondition',
          `The model produced an invalid image (NaN or infinite values out of ${relative(dir, folder.vaeDecoderPath)}); ` +
            'a float16 VAE decoder overflowing is the usual cause',
          'model_output_invalid',
        );
      }
      return rgbImage(pixels, width, height);
    };

    /** RGB bytes → scaled latents, the distribution's mean (deterministic: the seed alone adds noise). */
    const encode = async (rgb: Uint8Array, height: number, width: number): Promise<Float32Array> => {
      const plane = width * height;
      const sample = new Float32Array(3 * plane);
      for (let c = 0; c < 3; c++)
        for (let i = 0; i < plane; i++) sample[c * plane + i] = (rgb[i * 3 + c]! / 255) * 2 - 1;
      const feeds = { sample: floatTensor(runtime, encoderInput!, sample, [1, 3, height, width]) };
      const output = (await encoder!.run(feeds, [encoderOutput!]))[encoderOutput!] as Ort.Tensor;
      const size = channels * (height / 8) * (width / 8);
      const values = readFloats(output);
      if (values.length !== size && values.length !== 2 * size) {
        throw new Error(`vae_encoder/model.onnx gave [${output.dims}] for a ${width}×${height} image`);
      }
      return values.slice(0, size).map((v) => v * folder.vaeScalingFactor);
    };

    const render = async (
      size: ImageSize,
      params: GenerateParams,
      denoising: DenoisingSchedule,
      onProgress?: (done: number, total: number) => void,
      /** Image-to-image: clean latents of the starting image, and the step to start from. */
      start?: { latents: Float32Array; step: number },
    ) => {
      const { width, height } = size;
      const [latentHeight, latentWidth] = [height / 8, width / 8];
      unet.checkLatentSize(latentHeight, latentWidth);
      const positive = await prompts.encode(styledPrompt(params.prompt, params));
      const conditionings = [positive];
      if (useNegativePass) {
        const emptyNegative = folder.zeroEmbedsForEmptyNegative && params.negativePrompt.trim() === '';
        conditionings.unshift(
          emptyNegative ? PromptEncoder.zerosLike(positive) : await prompts.encode(params.negativePrompt),
        );
      }
      const noise = createNoiseSource(params.seed);
      let latents: Float32Array = start
        ? denoising.noised(start.step, start.latents, noise.next)
        : noise.fill(channels * latentHeight * latentWidth).map((v) => v * denoising.initNoiseSigma);
      const first = start?.step ?? 0;
      const count = denoising.timesteps.length;
      const total = count - first + 1;
      for (let i = first; i < count; i++) {
        const scale = denoising.modelInputScale(i);
        const predictions = await unet.predict({
          latents: latents.map((v) => v * scale),
          latentHeight,
          latentWidth,
          timestep: denoising.timesteps[i],
          conditionings,
          timeIds: [height, width, 0, 0, height, width],
          guidanceEmbedding: lcmGuidance,
        });
        const prediction = useNegativePass
          ? guided(predictions[0], predictions[1], guidanceScale)
          : predictions[0];
        latents = denoising.step(i, latents, prediction, noise.next);
        onProgress?.(i + 1 - first, total);
      }
      const image = await decode(latents, height, width);
      onProgress?.(total, total);
      return image;
    };

    const sizeFor = (width: number, height: number) => renderSize({ width, height }, sizePolicy);

    /**
     * Image-to-image as diffusers' StableDiffusionImg2ImgPipeline: the starting image encoded, noised to the
     * level the strength gives, denoised from there. A few-step model keeps its own number of steps: the
     * schedule is made steps / strength long and its last `steps` run (diffusers' advice for Turbo models,
     * steps × strength ≥ 1), so strength picks the start level rather than skipping the only step.
     */
    const fromImage = async (
      params: GenerateParams,
      init: InitImage,
      onProgress?: (done: number, total: number) => void,
    ): Promise<RenderedImage> => {
      const size = sizeFor(params.width, params.height);
      const rgb = await fitInitImage(init.image, size.width, size.height);
      if (init.strength <= 0) {
        onProgress?.(1, 1);
        return { data: rgb, width: size.width, height: size.height, channels: 3 };
      }
      const limit = schedulerConfig.kind === 'lcm' ? schedulerConfig.originalInferenceSteps : 1000;
      const length = Math.min(limit, Math.max(steps, Math.ceil(steps / Math.min(1, init.strength))));
      const latents = await encode(rgb, size.height, size.width);
      const denoising = createSchedule(schedulerConfig, length);
      return render(size, params, denoising, onProgress, { latents, step: length - steps });
    };
    return {
      name: options.name ?? basename(dir),
      info: {
        family: folder.family,
        scheduler: schedule.kind,
        predictionType: schedulerConfig.predictionType,
        steps,
        guidanceScale,
        settingsFrom: run.from,
        distilled: run.distilled,
        negativePromptUsed: useNegativePass,
        ...sizePolicy,
        vaeType: vaeInput.type,
        vaeScalingFactor: folder.vaeScalingFactor,
        textEncoderIdsType: prompts.idsType,
        unetSampleType: unet.sample.type,
        unetTimestep: `${unet.timestep.type} ${unet.timestep.shape.length === 0 ? 'scalar' : '[batch]'}`,
      },
      renderSize: sizeFor,
      imageInput: encoder !== undefined,
      // Async, so a refused size is a rejected promise like every other failure.
      generate: async (params, onProgress) => {
        if (params.init) {
          if (!encoder) {
            throw new AppError(
              'invalid_argument',
              `${basename(dir)} has no vae_encoder/model.onnx, so it cannot start from an image`,
              'unsupported_model_capability',
            );
          }
          return fromImage(params, params.init, onProgress);
        }
        return render(sizeFor(params.width, params.height), params, schedule, onProgress);
      },
      async warmUp() {
        for (const size of advertisedSizes(sizePolicy))
          await render(size, { ...WARM_UP_PARAMS, ...size }, warmUpSchedule);
      },
      release,
    };
  } catch (error) {
    await release();
    throw error;
  }
}

const WARM_UP_PARAMS: GenerateParams = {
  prompt: 'a cat',
  negativePrompt: '',
  width: 512,
  height: 512,
  seed: 0,
  style: 'none',
  color: 'none',
  lighting: 'none',
  composition: 'none',
};

/** Classifier-free guidance: push the prediction away from the negative prompt's. */
function guided(negative: Float32Array, positive: Float32Array, scale: number): Float32Array {
  return negative.map((n, i) => n + scale * (positive[i] - n));
}

/** VAE output NCHW in [-1, 1] → interleaved RGB bytes. */
function rgbImage(sample: Float32Array, width: number, height: number): RenderedImage {
  const plane = width * height;
  const data = new Uint8Array(plane * 3);
  for (let c = 0; c < 3; c++) {
    for (let i = 0; i < plane; i++) {
      const value = Math.min(1, Math.max(0, sample[c * plane + i] / 2 + 0.5));
      data[i * 3 + c] = Math.round(value * 255);
    }
  }
  return { data, width, height, channels: 3 };
}
