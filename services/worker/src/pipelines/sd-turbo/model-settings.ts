// How many steps, what guidance and what native size a Stable Diffusion folder runs with. Distilled models
// (Turbo, LCM) have well-known defaults; any other model was trained for 20-50 guided steps, and running it
// as a 1-step Turbo gives a blur, so it must say its settings (catalogue entry or pictura.json) or it is
// refused at load.
import { join } from 'node:path';
import { AppError } from '@pictura/common/app-error';
import { type GenerateSettings, MANIFEST_FILE, readManifestFile } from '@pictura/common/model-manifest';
import type { ModelFamily } from './model-folder.ts';
import type { SchedulerKind } from './schedulers.ts';

/** Distillation families whose defaults we know: SD-Turbo/SDXL-Turbo (ADD) and latent consistency models. */
export type DistilledKind = 'turbo' | 'lcm';

export interface RunSettings {
  steps: number;
  /** Classifier-free guidance scale; for an LCM UNet with `timestep_cond`, the embedded guidance w. */
  guidanceScale: number;
  /** Where steps and guidance came from, for the boot log: "catalogue", "pictura.json", "turbo defaults"... */
  from: string;
  distilled?: DistilledKind;
  /** Native render size; other aspect ratios keep about this area. */
  nativeWidth: number;
  nativeHeight: number;
  /** The settings gave the native size (else it is the family's), so a fixed-shape export must match it. */
  sizeConfigured: boolean;
  upcastVae: boolean;
}

/** Family defaults when a distilled model's folder says nothing (the values its model card recommends). */
const DISTILLED_DEFAULTS: Record<DistilledKind, { steps: number; guidance: number }> = {
  turbo: { steps: 1, guidance: 0 },
  // 8.5 is LCM-Dreamshaper's embedded guidance. An LCM scheduler without a guidance-embedding UNet (an
  // LCM-LoRA fused model) gets guidance off instead: it was distilled for little or no guidance.
  lcm: { steps: 4, guidance: 8.5 },
};
/** Trained sizes: SD 1.x/2.x-base and both Turbos 512², SDXL 1024². */
const FAMILY_SIDE: Record<ModelFamily, number> = { sd: 512, sdxl: 1024 };

/** The `settings` of `<dir>/pictura.json`, or undefined when the folder has none. */
export async function readFolderSettings(dir: string): Promise<GenerateSettings | undefined> {
  return (await readManifestFile(dir))?.settings;
}

export interface ModelTraits {
  dir: string;
  family: ModelFamily;
  scheduler: SchedulerKind;
  schedulerJson: Record<string, unknown>;
  /** The UNet takes the guidance scale as an embedding (LCM-distilled). */
  guidanceEmbedding: boolean;
}

/** Turbo models are sampled on trailing timesteps, which only distilled few-step models use. */
export function distilledKind(traits: ModelTraits): DistilledKind | undefined {
  if (traits.guidanceEmbedding || traits.scheduler === 'lcm') return 'lcm';
  if (traits.schedulerJson.timestep_spacing === 'trailing') return 'turbo';
  return undefined;
}

export function resolveRunSettings(
  traits: ModelTraits,
  settings: GenerateSettings | undefined,
  settingsFrom: string,
): RunSettings {
  const distilled = distilledKind(traits);
  const side = distilled === 'turbo' ? 512 : FAMILY_SIDE[traits.family];
  const size = {
    nativeWidth: settings?.width ?? side,
    nativeHeight: settings?.height ?? side,
    sizeConfigured: settings?.width !== undefined || settings?.height !== undefined,
  };
  if (settings) {
    return {
      steps: settings.steps,
      guidanceScale: settings.guidance,
      from: settingsFrom,
      distilled,
      ...size,
      upcastVae: settings.upcastVae === true,
    };
  }
  if (!distilled) {
    const { _class_name: name, timestep_spacing: spacing } = traits.schedulerJson;
    throw new AppError(
      'failed_precondition',
      `Stable Diffusion model folder ${traits.dir} is not a distilled few-step model (its scheduler is ` +
        `${String(name ?? 'unnamed')} with timestep_spacing "${String(spacing ?? 'linspace')}", neither ` +
        `Turbo's "trailing" nor LCM), so it needs its steps and guidance: set them in ` +
        `${join(traits.dir, MANIFEST_FILE)}, e.g. {"settings": {"steps": 25, "guidance": 7}}`,
      'model_settings_required',
    );
  }
  const defaults = DISTILLED_DEFAULTS[distilled];
  const guidance = distilled === 'lcm' && !traits.guidanceEmbedding ? 0 : defaults.guidance;
  return {
    steps: defaults.steps,
    guidanceScale: guidance,
    from: `${distilled} defaults`,
    distilled,
    ...size,
    upcastVae: false,
  };
}

/**
 * SDXL's VAE overflows float16 (black or NaN images). An ONNX graph cannot be upcast at run time, so
 * "upcast" means the operator supplies a decoder that is safe: exported in float32, or the fp16-fix VAE
 * (madebyollin/sdxl-vae-fp16-fix), and says so with `upcastVae: true`. SD 1.x/2.x VAEs are fine in float16.
 */
export function checkVaePrecision(
  dir: string,
  family: ModelFamily,
  vaeType: string,
  upcastVae: boolean,
): void {
  if (family !== 'sdxl' || vaeType !== 'float16' || upcastVae) return;
  throw new AppError(
    'failed_precondition',
    `SDXL model folder ${dir} has a float16 VAE decoder, which overflows into NaN (black images) unless it ` +
      'is the fp16-fix VAE: export vae_decoder in float32 or from madebyollin/sdxl-vae-fp16-fix, then set ' +
      `"upcastVae": true in the settings of ${join(dir, MANIFEST_FILE)}`,
    'vae_needs_upcast',
  );
}
