import * as ort from 'onnxruntime-node';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  renderTestPattern,
  renderTexturedScene,
  shrinkByAveraging,
} from '../../test/upscale/test-images.fixture.ts';
import {
  buildBuiltinUpscalerModel,
  DEFAULT_BUILTIN_TUNING,
  sharpenedLanczosKernels,
} from './builtin-upscaler.model.ts';
import { type EsrganModel, loadEsrganModel } from './esrgan.model.ts';
import { upscaleInTiles } from './tiler.ts';
import { createBuiltinUpscaler, type Upscaler } from './upscale.pipeline.ts';

/** How an upscaled image compares with the original it was shrunk from. */
interface Fidelity {
  /** Peak signal-to-noise ratio against the original, dB: higher is closer. */
  psnr: number;
  /** Gradient magnitude where the original has an edge, relative to the original's: 1 is as crisp. */
  edgeSharpness: number;
  /** Mean amount (grey levels) by which pixels leave the original's range within 3 pixels: halos, ringing. */
  overshoot: number;
}

function fidelity(image: Uint8Array, original: Uint8Array, size: number): Fidelity {
  let squaredError = 0;
  let edgeGradient = 0;
  let originalEdgeGradient = 0;
  let overshoot = 0;
  const at = (x: number, y: number, c: number) =>
    (Math.min(size - 1, Math.max(0, y)) * size + Math.min(size - 1, Math.max(0, x))) * 3 + c;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      for (let c = 0; c < 3; c++) {
        const i = at(x, y, c);
        squaredError += (image[i] - original[i]) ** 2;
        const originalGradient = Math.hypot(
          original[at(x + 1, y, c)] - original[i],
          original[at(x, y + 1, c)] - original[i],
        );
        if (originalGradient > 40) {
          originalEdgeGradient += originalGradient;
          edgeGradient += Math.hypot(image[at(x + 1, y, c)] - image[i], image[at(x, y + 1, c)] - image[i]);
        }
        let low = 255;
        let high = 0;
        for (let dy = -3; dy <= 3; dy++) {
          for (let dx = -3; dx <= 3; dx++) {
            const v = original[at(x + dx, y + dy, c)];
            low = Math.min(low, v);
            high = Math.max(high, v);
          }
        }
        overshoot += Math.max(0, image[i] - high, low - image[i]);
      }
    }
  }
  const samples = size * size * 3;
  return {
    psnr: 10 * Math.log10(255 ** 2 / (squaredError / samples)),
    edgeSharpness: edgeGradient / originalEdgeGradient,
    overshoot: overshoot / samples,
  };
}

/** Shrinks `original` 4× by averaging (a lanczos shrink would put its own ringing into the input), then
 * upscales it back with the built-in upscaler and with sharp's lanczos3. */
async function upscaleBothWays(upscaler: Upscaler, original: Buffer, size: number) {
  const small = size / 4;
  const input = await sharp(shrinkByAveraging(original, size, 3, 4), {
    raw: { width: small, height: small, channels: 3 },
  })
    .png()
    .toBuffer();
  const builtin = await upscaler.upscale({ input, format: 'png' });
  const builtinPixels = await sharp(builtin.data).raw().toBuffer();
  const lanczosPixels = await sharp(input).resize(size, size, { kernel: 'lanczos3' }).raw().toBuffer();
  return {
    builtin: fidelity(builtinPixels, original, size),
    lanczos3: fidelity(lanczosPixels, original, size),
  };
}

describe('built-in ×4 upscaler model', () => {
  let upscaler: Upscaler;
  let model: EsrganModel;
  beforeAll(async () => {
    upscaler = await createBuiltinUpscaler(ort);
    model = await loadEsrganModel(ort, buildBuiltinUpscalerModel());
  });
  afterAll(async () => {
    await upscaler.release();
    await model.release();
  });

  it('builds polyphase kernels that keep brightness and mirror each other', () => {
    const { radius, kernels } = sharpenedLanczosKernels(DEFAULT_BUILTIN_TUNING);
    expect(radius).toBeLessThanOrEqual(10);
    for (const kernel of kernels) expect(kernel.reduce((a, b) => a + b, 0)).toBeCloseTo(1, 10);
    for (let i = 0; i < kernels[0].length; i++) {
      expect(kernels[0][i]).toBeCloseTo(kernels[3][kernels[3].length - 1 - i], 10);
      expect(kernels[1][i]).toBeCloseTo(kernels[2][kernels[2].length - 1 - i], 10);
    }
  });

  it('keeps a flat colour exactly flat', async () => {
    const side = 20;
    const pixels = new Float32Array(3 * side * side);
    pixels
      .fill(0.2, 0, side * side)
      .fill(0.55, side * side, 2 * side * side)
      .fill(0.9, 2 * side * side);
    const out = await model.run(pixels, side, side);
    const plane = 16 * side * side;
    for (const [c, value] of [0.2, 0.55, 0.9].entries()) {
      for (let i = 0; i < plane; i += 7) expect(Math.abs(out[c * plane + i] - value)).toBeLessThan(1e-5);
    }
  });

  it('joins tiles without seams', async () => {
    const size = 64;
    const source = { data: renderTexturedScene(size, 3), width: size, height: size, channels: 3 };
    const whole = { data: new Uint8Array(size * size * 48), width: 4 * size, height: 4 * size, channels: 3 };
    const tiled = { ...whole, data: new Uint8Array(whole.data.length) };
    await upscaleInTiles(model, source, whole, 3, { tileSize: 64 });
    await upscaleInTiles(model, source, tiled, 3, { tileSize: 16 });
    let largest = 0;
    for (let i = 0; i < whole.data.length; i++)
      largest = Math.max(largest, Math.abs(whole.data[i] - tiled.data[i]));
    expect(largest).toBeLessThanOrEqual(1);
  });

  it('is sharper than lanczos3 on edges, checkerboard and pixel text, without its halos', async () => {
    const size = 512;
    const { builtin, lanczos3 } = await upscaleBothWays(upscaler, renderTestPattern(size), size);
    // Measured: built-in ≈ 22.5 dB, edge sharpness ≈ 0.63, overshoot ≈ 0.03; lanczos3 ≈ 18.2 dB, ≈ 0.30, ≈ 2.3.
    expect(builtin.psnr).toBeGreaterThan(lanczos3.psnr + 3);
    expect(builtin.edgeSharpness).toBeGreaterThan(lanczos3.edgeSharpness * 1.5);
    expect(builtin.overshoot).toBeLessThan(lanczos3.overshoot / 10);
  });

  it('is closer to the original than lanczos3 on a photo-like scene, with no more overshoot', async () => {
    const size = 384;
    const { builtin, lanczos3 } = await upscaleBothWays(upscaler, renderTexturedScene(size), size);
    // Measured: built-in ≈ 34.6 dB, edge sharpness ≈ 0.23, overshoot ≈ 0.001; lanczos3 ≈ 32.7 dB, ≈ 0.17, ≈ 0.008.
    expect(builtin.psnr).toBeGreaterThan(lanczos3.psnr + 1);
    expect(builtin.edgeSharpness).toBeGreaterThan(lanczos3.edgeSharpness);
    expect(builtin.overshoot).toBeLessThanOrEqual(lanczos3.overshoot);
  });
});
