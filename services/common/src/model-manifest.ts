// What a model folder under MODELS_DIR says about itself: `pictura.json`, written by the model installer
// beside the files it installed, or by an operator beside a folder of their own (then only `settings` is
// needed). The worker's registry reads it; the installer writes it last, so a folder without it is never
// a half-installed model.
//
// MODELS_DIR layout (one rule an operator can predict):
//   <id>/pictura.json + files   an installed model of any kind (generate: the Optimum ONNX layout;
//                               upscale and safety: model.onnx)
//   <name>/model_index.json     an operator's own Stable Diffusion folder (pictura.json optional, but a
//                               non-distilled model needs its steps and guidance there)
//   upscale/<name>.onnx         an operator's own Real-ESRGAN class x4 export
//   .partial/, .locks/          the installer's work in progress; never read as models
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { z } from 'zod';

export const MODEL_KINDS = ['generate', 'upscale', 'safety'] as const;
export type ModelKind = (typeof MODEL_KINDS)[number];

/** Model ids are folder names: lower-case letters, digits, '.', '_' and '-'. */
export const MODEL_ID_PATTERN = /^[a-z0-9][a-z0-9._-]{0,63}$/;
export const MANIFEST_FILE = 'pictura.json';

export const licenceSchema = z.object({
  /** e.g. "MIT", "sai-nc-community", "openrail++". */
  name: z.string().min(1),
  url: z.string().url(),
  commercialUse: z.boolean(),
});
export type ModelLicence = z.infer<typeof licenceSchema>;

/** How a generate model is run: distilled models need 1-4 steps and no guidance; others need these set. */
export const generateSettingsSchema = z.object({
  steps: z.number().int().min(1).max(150),
  /** Classifier-free guidance scale; 0 (or ≤ 1) turns it off, and with it the negative prompt. */
  guidance: z.number().min(0).max(30),
  /** Native render size; images of other aspect ratios keep about this area. */
  width: z.number().int().positive().multipleOf(64).optional(),
  height: z.number().int().positive().multipleOf(64).optional(),
  /** SDXL with an fp16 VAE decoder: decode in float32 (an fp32 decoder export), or it overflows to NaN. */
  upcastVae: z.boolean().optional(),
});
export type GenerateSettings = z.infer<typeof generateSettingsSchema>;

/** A safety classifier: class labels in output order, which of them count as unsafe, and from what sum. */
export const safetySettingsSchema = z.object({
  classes: z.array(z.string().min(1)).min(2),
  unsafe: z.array(z.string().min(1)).min(1),
  /** Flagged when the unsafe classes' probabilities add up to this or more. */
  threshold: z.number().min(0).max(1),
  /** Square input side the classifier was trained at (e.g. 224). */
  inputSize: z.number().int().positive(),
});
export type SafetySettings = z.infer<typeof safetySettingsSchema>;

export const upscaleSettingsSchema = z.object({
  scale: z.literal(4),
  /** Pixel range the network expects: [0, 1] for every model we ship. */
  inputRange: z.enum(['0-1', '0-255']).default('0-1'),
});
export type UpscaleSettings = z.infer<typeof upscaleSettingsSchema>;

/** Time a model needs, measured (catalogue) and shown to users before they start. */
export const modelTimingSchema = z.object({
  /**
   * Generate: seconds per image at the native size; upscale: milliseconds per output megapixel; safety:
   * milliseconds per image.
   */
  cpu: z.number().positive().optional(),
  gpu: z.number().positive().optional(),
  /** Memory the loaded model needs, in MB. */
  memoryMb: z.number().positive().optional(),
});
export type ModelTiming = z.infer<typeof modelTimingSchema>;

export const installedFileSchema = z.object({
  path: z.string().min(1),
  size: z.number().int().nonnegative(),
  sha256: z.string().regex(/^[0-9a-f]{64}$/),
});
export type InstalledFile = z.infer<typeof installedFileSchema>;

export const manifestSchema = z.object({
  id: z.string().regex(MODEL_ID_PATTERN).optional(),
  kind: z.enum(MODEL_KINDS).optional(),
  title: z.string().min(1).max(100).optional(),
  description: z.string().max(500).optional(),
  /** "hf:owner/name@revision", "npm:package@version" or "local". */
  source: z.string().optional(),
  licence: licenceSchema.optional(),
  settings: generateSettingsSchema.optional(),
  safety: safetySettingsSchema.optional(),
  upscale: upscaleSettingsSchema.optional(),
  timing: modelTimingSchema.optional(),
  files: z.array(installedFileSchema).optional(),
  installedAt: z.string().datetime().optional(),
});
export type ModelManifest = z.infer<typeof manifestSchema>;

/** Parses a pictura.json; the error names the folder and every bad field. */
export function parseManifest(json: unknown, where: string): ModelManifest {
  const parsed = manifestSchema.safeParse(json);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new Error(`${where}/${MANIFEST_FILE} is not valid: ${problems.join('; ')}`);
  }
  return parsed.data;
}

/** The pictura.json of a folder, or undefined when it has none; a broken one throws, naming the folder. */
export async function readManifestFile(dir: string): Promise<ModelManifest | undefined> {
  let text: string;
  try {
    text = await readFile(join(dir, MANIFEST_FILE), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`${dir}/${MANIFEST_FILE} is not JSON: ${(error as Error).message}`);
  }
  return parseManifest(json, dir);
}
