// The size a Stable Diffusion model actually renders for a requested one. The app asks for an aspect ratio
// at 512-pixel scale; a model composes well only near the area it was trained at (far below, it gives
// mush; far above, duplicated subjects), and its UNet halves the latent three times, so sides are
// multiples of 64.

import { AppError } from '@pictura/common/app-error';
import { ASPECT_RATIOS } from '@pictura/common/generation-options';
import type { RunSettings } from './model-settings.ts';

export interface ImageSize {
  width: number;
  height: number;
}

export const SIZE_STEP = 64;

export interface SizePolicy {
  nativeWidth: number;
  nativeHeight: number;
  /** The export fixed the UNet's height and width: it renders its native size only. */
  fixedSize: boolean;
}

function badSize(message: string): AppError {
  return new AppError('invalid_argument', message, 'bad_image_size');
}

/**
 * Keeps the requested aspect ratio at about the native area, each side rounded to the nearest multiple of
 * 64: for a 512² model, 1024×576 (16:9) renders at 704×384 (3% over the area, aspect 1.83 for 1.78).
 */
export function renderSize(requested: ImageSize, policy: SizePolicy): ImageSize {
  const { width, height } = requested;
  const isStep = (side: number) => Number.isInteger(side) && side >= SIZE_STEP && side % SIZE_STEP === 0;
  if (!isStep(width) || !isStep(height)) {
    throw badSize(`image size must be positive multiples of ${SIZE_STEP}, got ${width}×${height}`);
  }
  const native = { width: policy.nativeWidth, height: policy.nativeHeight };
  if (policy.fixedSize) {
    if (width !== native.width || height !== native.height) {
      throw badSize(
        `this model was exported for ${native.width}×${native.height} images only, got ${width}×${height}`,
      );
    }
    return native;
  }
  const area = native.width * native.height;
  const aspect = width / height;
  const side = (exact: number) => Math.max(SIZE_STEP, Math.round(exact / SIZE_STEP) * SIZE_STEP);
  return { width: side(Math.sqrt(area * aspect)), height: side(Math.sqrt(area / aspect)) };
}

/** Every size the model renders for the app's aspect ratios, once each (what a warm-up must cover). */
export function advertisedSizes(policy: SizePolicy): ImageSize[] {
  if (policy.fixedSize) return [{ width: policy.nativeWidth, height: policy.nativeHeight }];
  const sizes = new Map<string, ImageSize>();
  for (const ratio of Object.values(ASPECT_RATIOS)) {
    const size = renderSize(ratio, policy);
    sizes.set(`${size.width}x${size.height}`, size);
  }
  return [...sizes.values()];
}

/** Native size from the settings, or the export's own when it fixed the latent height and width. */
export function sizePolicyOf(
  dir: string,
  run: RunSettings,
  /** The UNet's `sample` and the VAE's `latent_sample` shapes, [batch, channels, height, width]. */
  latentShapes: readonly (readonly (number | string)[])[],
): SizePolicy {
  const fixed = latentShapes
    .map(([, , h, w]) => (typeof h === 'number' && typeof w === 'number' ? [h * 8, w * 8] : undefined))
    .find((size) => size !== undefined);
  if (!fixed) return { nativeWidth: run.nativeWidth, nativeHeight: run.nativeHeight, fixedSize: false };
  const [height, width] = fixed;
  if (run.sizeConfigured && (run.nativeWidth !== width || run.nativeHeight !== height)) {
    throw new Error(
      `${dir} was exported for ${width}×${height} images only, but its settings say ${run.nativeWidth}×${run.nativeHeight}`,
    );
  }
  return { nativeWidth: width, nativeHeight: height, fixedSize: true };
}
