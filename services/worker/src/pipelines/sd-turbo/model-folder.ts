// The Hugging Face Optimum ONNX export layout of a Stable Diffusion class model: which parts a folder must
// hold, and the configuration read from its JSON files.
import { access, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { AppError } from '@pictura/common/app-error';

export type ModelFamily = 'sd' | 'sdxl';

export interface SdModelFolder {
  dir: string;
  family: ModelFamily;
  schedulerConfig: Record<string, unknown>;
  /** Latents are divided by this before the VAE decodes them. */
  vaeScalingFactor: number;
  /** SDXL: an empty negative prompt means zero conditioning rather than the encoded empty string. */
  zeroEmbedsForEmptyNegative: boolean;
  textEncoders: { tokenizerDir: string; modelPath: string }[];
  unetPath: string;
  vaeDecoderPath: string;
  /** Optimum's `vae_encoder/model.onnx` when the export has one: image-to-image needs it. */
  vaeEncoderPath?: string;
}

const COMMON_PARTS = [
  'model_index.json',
  'scheduler/scheduler_config.json',
  'tokenizer/vocab.json',
  'tokenizer/merges.txt',
  'text_encoder/model.onnx',
  'unet/model.onnx',
  'vae_decoder/model.onnx',
];
const SDXL_PARTS = ['tokenizer_2/vocab.json', 'tokenizer_2/merges.txt', 'text_encoder_2/model.onnx'];
const DEFAULT_SCALING: Record<ModelFamily, number> = { sd: 0.18215, sdxl: 0.13025 };

async function exists(path: string): Promise<boolean> {
  return access(path).then(
    () => true,
    () => false,
  );
}

async function readJsonObject(path: string): Promise<Record<string, unknown> | undefined> {
  try {
    const parsed: unknown = JSON.parse(await readFile(path, 'utf8'));
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * True when the folder declares a diffusers pipeline with a UNet. A folder that does but lacks a part still
 * counts, so that loading it fails loudly with the list of missing files instead of being skipped.
 */
export async function detectSdTurboFolder(dir: string): Promise<boolean> {
  const index = await readJsonObject(join(dir, 'model_index.json'));
  return index !== undefined && index.unet !== undefined && index.unet !== null;
}

export async function readSdModelFolder(dir: string): Promise<SdModelFolder> {
  const index = await readJsonObject(join(dir, 'model_index.json'));
  const family: ModelFamily =
    (index?.text_encoder_2 !== undefined && index.text_encoder_2 !== null) ||
    String(index?._class_name).includes('XL')
      ? 'sdxl'
      : 'sd';
  const parts = family === 'sdxl' ? [...COMMON_PARTS, ...SDXL_PARTS] : COMMON_PARTS;
  const missing: string[] = [];
  for (const part of parts) if (!(await exists(join(dir, part)))) missing.push(part);
  if (missing.length > 0) {
    throw new AppError(
      'failed_precondition',
      `Stable Diffusion model folder ${dir} is missing ${missing.join(', ')}`,
      'model_incomplete',
    );
  }
  const schedulerConfig = await readJsonObject(join(dir, 'scheduler/scheduler_config.json'));
  if (!index || !schedulerConfig) {
    throw new AppError(
      'failed_precondition',
      `${dir}: model_index.json or scheduler_config.json is not a JSON object`,
      'model_incomplete',
    );
  }
  // Optimum copies the VAE's config beside vae_decoder/model.onnx; older exports have it under vae/.
  const vaeConfig =
    (await readJsonObject(join(dir, 'vae_decoder/config.json'))) ??
    (await readJsonObject(join(dir, 'vae/config.json')));
  const scaling = vaeConfig?.scaling_factor ?? index.scaling_factor;
  const textEncoders = [
    { tokenizerDir: join(dir, 'tokenizer'), modelPath: join(dir, 'text_encoder/model.onnx') },
  ];
  if (family === 'sdxl')
    textEncoders.push({
      tokenizerDir: join(dir, 'tokenizer_2'),
      modelPath: join(dir, 'text_encoder_2/model.onnx'),
    });
  return {
    dir,
    family,
    schedulerConfig,
    vaeScalingFactor: typeof scaling === 'number' ? scaling : DEFAULT_SCALING[family],
    zeroEmbedsForEmptyNegative: index.force_zeros_for_empty_prompt === true,
    textEncoders,
    unetPath: join(dir, 'unet/model.onnx'),
    vaeDecoderPath: join(dir, 'vae_decoder/model.onnx'),
    ...((await exists(join(dir, 'vae_encoder/model.onnx')))
      ? { vaeEncoderPath: join(dir, 'vae_encoder/model.onnx') }
      : {}),
  };
}
