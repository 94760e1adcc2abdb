import * as ort from 'onnxruntime-node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildConvolutionTestModel, seededUnit } from '../../test/upscale/test-models.fixture.ts';
import { type EsrganModel, loadEsrganModel } from './esrgan.model.ts';
import { chooseTileSize, countTiles, type Raster, type TileModel, upscaleInTiles } from './tiler.ts';

function randomRaster(width: number, height: number, channels: number, seed = 1): Raster {
  const random = seededUnit(seed);
  return {
    data: Uint8Array.from({ length: width * height * channels }, () => Math.floor(random() * 256)),
    width,
    height,
    channels,
  };
}

function emptyTarget(source: Raster, channels: number): Raster {
  return {
    data: new Uint8Array(source.width * 4 * source.height * 4 * channels),
    width: source.width * 4,
    height: source.height * 4,
    channels,
  };
}

/** The whole image through the model in one run, converted to bytes as the tiler does. */
async function untiled(model: TileModel, source: Raster): Promise<Uint8Array> {
  const { width, height } = source;
  const planar = new Float32Array(3 * width * height);
  for (let i = 0; i < width * height; i++)
    for (let c = 0; c < 3; c++) planar[c * width * height + i] = source.data[i * source.channels + c] / 255;
  const result = await model.run(planar, height, width);
  const plane = 16 * width * height;
  const out = new Uint8ClampedArray(3 * plane);
  for (let i = 0; i < plane; i++) for (let c = 0; c < 3; c++) out[i * 3 + c] = result[c * plane + i] * 255;
  return new Uint8Array(out.buffer);
}

function largestDifference(a: Uint8Array, b: Uint8Array): number {
  let largest = 0;
  for (let i = 0; i < a.length; i++) largest = Math.max(largest, Math.abs(a[i] - b[i]));
  return largest;
}

describe('upscaleInTiles', () => {
  let model: EsrganModel;
  beforeAll(async () => {
    model = await loadEsrganModel(ort, buildConvolutionTestModel());
  });
  afterAll(() => model.release());

  it('gives the same pixels tiled as in one run, with edge tiles padded out', async () => {
    // 70×45 with 16-pixel tiles: partial tiles on the right and bottom, context clamped at every edge.
    const source = randomRaster(70, 45, 3);
    const reference = await untiled(model, source);
    for (const tileSize of [16, 32, 64]) {
      const target = emptyTarget(source, 3);
      await upscaleInTiles(model, source, target, 3, { tileSize });
      expect(largestDifference(target.data, reference), `tile ${tileSize}`).toBeLessThanOrEqual(1);
    }
  });

  it('reports progress after every tile, ending at the total', async () => {
    const source = randomRaster(50, 33, 3);
    const calls: [number, number][] = [];
    await upscaleInTiles(model, source, emptyTarget(source, 3), 3, {
      tileSize: 16,
      onProgress: (done, total) => calls.push([done, total]),
    });
    const total = countTiles(50, 33, 16);
    expect(total).toBe(4 * 3);
    expect(calls).toEqual(Array.from({ length: total }, (_, i) => [i + 1, total]));
  });

  it('runs every tile at one shape', async () => {
    const shapes = new Set<string>();
    const spy: TileModel = {
      scale: 4,
      run: (pixels, h, w) => {
        shapes.add(`${h}x${w}`);
        return model.run(pixels, h, w);
      },
    };
    const source = randomRaster(37, 21, 3);
    await upscaleInTiles(spy, source, emptyTarget(source, 3), 3, { tileSize: 16, tilePad: 10 });
    expect([...shapes]).toEqual(['36x36']);
  });

  it('expands a grey source to RGB and writes grey as luma, leaving extra target channels alone', async () => {
    const grey = randomRaster(20, 12, 1, 5);
    const asRgb: Raster = {
      ...grey,
      channels: 3,
      data: Uint8Array.from({ length: grey.data.length * 3 }, (_, i) => grey.data[Math.floor(i / 3)]),
    };
    const rgb = emptyTarget(grey, 3);
    await upscaleInTiles(model, asRgb, rgb, 3, { tileSize: 16 });
    const fromGrey = emptyTarget(grey, 3);
    await upscaleInTiles(model, grey, fromGrey, 3, { tileSize: 16 });
    expect(fromGrey.data).toEqual(rgb.data);

    const greyWithAlpha = emptyTarget(grey, 2);
    greyWithAlpha.data.fill(123);
    await upscaleInTiles(model, grey, greyWithAlpha, 1, { tileSize: 16 });
    for (let i = 0; i < rgb.data.length / 3; i += 97) {
      const luma = 0.2126 * rgb.data[3 * i] + 0.7152 * rgb.data[3 * i + 1] + 0.0722 * rgb.data[3 * i + 2];
      expect(Math.abs(greyWithAlpha.data[2 * i] - luma)).toBeLessThanOrEqual(1);
      expect(greyWithAlpha.data[2 * i + 1]).toBe(123);
    }
  });

  it('rejects a target that is not scale × the source', async () => {
    const source = randomRaster(8, 8, 3);
    await expect(
      upscaleInTiles(model, source, { ...emptyTarget(source, 3), width: 31 }, 3, { tileSize: 16 }),
    ).rejects.toThrow(/target must be 32×32/);
  });
});

describe('chooseTileSize', () => {
  it('shrinks to a half or quarter tile for small images and keeps the full size otherwise', () => {
    expect(chooseTileSize(60, 40, 256)).toBe(64);
    expect(chooseTileSize(100, 128, 256)).toBe(128);
    expect(chooseTileSize(129, 20, 256)).toBe(256);
    expect(chooseTileSize(3000, 2000, 256)).toBe(256);
  });
});
