// Text-to-image with a Stable Diffusion Turbo class model (SD-Turbo, SDXL-Turbo, LCM) exported by Hugging
// Face Optimum: text encoder(s) → a few UNet denoising steps → VAE decoder, all on onnxruntime sessions.
import { basename, relative } from 'node:path';
import { AppError } from '@pictura/common/app-error';
import type * as Ort from 'onnxruntime-node';
import type { GenerateParams, ImagePipeline, RenderedImage } from '../../generate/abstract.pipeline.ts';
import { ClipTokenizer } from './clip-tokenizer.ts';
import { createNoiseSource } from './latent-noise.ts';
import { type ModelFamily, readSdModelFolder } from './model-folder.ts';
import { floatTensor, type OrtRuntime, readFloats, requireInput, requireOutput } from './onnx-io.ts';
import { PromptEncoder, type TextEncoderPart } from './prompt-encoder.ts';
import { styledPrompt } from './prompt-styling.ts';
import {
  createSchedule,
  type PredictionType,
  parseSchedulerConfig,
  type SchedulerKind,
} from './schedulers.ts';
import { guidanceEmbedding, UnetDenoiser } from './unet-denoiser.ts';

export { detectSdTurboFolder } from './model-folder.ts';

export interface SdTurboOptions {
  sessionOptions?: Ort.InferenceSession.SessionOptions;
  /** Denoising steps, default 1: Turbo and LCM models are distilled for 1-4. */
  steps?: number;
  /** Classifier-free guidance scale; 1 or less turns guidance off (the Turbo default, 0; LCM default 8.5). */
  guidanceScale?: number;
  /** Pipeline name; default the folder's name. */
  name?: string;
}

export interface SdTurboInfo {
  family: ModelFamily;
  scheduler: SchedulerKind;
  predictionType: PredictionType;
  steps: number;
  guidanceScale: number;
  vaeScalingFactor: number;
  textEncoderIdsType: string;
  unetSampleType: string;
  /** e.g. "int64 [batch]" or "float32 scalar". */
  unetTimestep: string;
}

export interface SdTurboPipeline extends ImagePipeline {
  readonly info: SdTurboInfo;
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
  const steps = options.steps ?? 1;
  const schedule = createSchedule(schedulerConfig, steps);
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
    const unet = new UnetDenoiser(runtime, await open(folder.unetPath));
    const vae = await open(folder.vaeDecoderPath);
    const vaeInput = requireInput(vae, 'latent_sample', 'vae_decoder/model.onnx', ['float32', 'float16']);
    const vaeOutput = requireOutput(vae, 'sample', 'vae_decoder/model.onnx');
    // LCM-distilled UNets take guidance as an embedding instead of a second (negative) pass.
    const guidanceScale = options.guidanceScale ?? (unet.timestepCond ? 8.5 : 0);
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
      return rgbImage(readFloats(output), width, height);
    };

    const generate = async (params: GenerateParams, onProgress?: (done: number, total: number) => void) => {
      const { width, height } = params;
      if (
        !Number.isInteger(width) ||
        !Number.isInteger(height) ||
        width < 8 ||
        height < 8 ||
        width % 8 ||
        height % 8
      ) {
        throw new AppError(
          'invalid_argument',
          `image size must be positive multiples of 8, got ${width}×${height}`,
          'bad_image_size',
        );
      }
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
      let latents: Float32Array = noise
        .fill(channels * latentHeight * latentWidth)
        .map((v) => v * schedule.initNoiseSigma);
      const total = steps + 1;
      for (let i = 0; i < steps; i++) {
        const scale = schedule.modelInputScale(i);
        const predictions = await unet.predict({
          latents: latents.map((v) => v * scale),
          latentHeight,
          latentWidth,
          timestep: schedule.timesteps[i],
          conditionings,
          timeIds: [height, width, 0, 0, height, width],
          guidanceEmbedding: lcmGuidance,
        });
        const prediction = useNegativePass
          ? guided(predictions[0], predictions[1], guidanceScale)
          : predictions[0];
        latents = schedule.step(i, latents, prediction, noise.next);
        onProgress?.(i + 1, total);
      }
      const image = await decode(latents, height, width);
      onProgress?.(total, total);
      return image;
    };

    return {
      name: options.name ?? basename(dir),
      info: {
        family: folder.family,
        scheduler: schedule.kind,
        predictionType: schedulerConfig.predictionType,
        steps,
        guidanceScale,
        vaeScalingFactor: folder.vaeScalingFactor,
        textEncoderIdsType: prompts.idsType,
        unetSampleType: unet.sample.type,
        unetTimestep: `${unet.timestep.type} ${unet.timestep.shape.length === 0 ? 'scalar' : '[batch]'}`,
      },
      generate,
      release,
    };
  } catch (error) {
    await release();
    throw error;
  }
}

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
