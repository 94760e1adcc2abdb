import { ASPECT_RATIOS } from '@pictura/common/generation-options';
import { describe, expect, it } from 'vitest';
import { advertisedSizes, renderSize } from './render-size.ts';

const turbo = { nativeWidth: 512, nativeHeight: 512, fixedSize: false };
const sdxl = { nativeWidth: 1024, nativeHeight: 1024, fixedSize: false };

describe('render size', () => {
  it.each(Object.entries(ASPECT_RATIOS))(
    'renders %s at multiples of 64 near the native area, keeping its shape',
    (_, requested) => {
      for (const policy of [turbo, sdxl]) {
        const { width, height } = renderSize(requested, policy);
        expect(width % 64).toBe(0);
        expect(height % 64).toBe(0);
        const area = policy.nativeWidth * policy.nativeHeight;
        expect(Math.abs((width * height) / area - 1)).toBeLessThanOrEqual(0.15);
        const aspect = requested.width / requested.height;
        expect(Math.abs(width / height / aspect - 1)).toBeLessThanOrEqual(0.1);
      }
    },
  );

  it('rounds each side to the nearest multiple of 64', () => {
    expect(renderSize({ width: 1024, height: 576 }, turbo)).toEqual({ width: 704, height: 384 });
    expect(renderSize({ width: 576, height: 1024 }, turbo)).toEqual({ width: 384, height: 704 });
    expect(renderSize({ width: 768, height: 512 }, turbo)).toEqual({ width: 640, height: 448 });
    expect(renderSize({ width: 512, height: 512 }, turbo)).toEqual({ width: 512, height: 512 });
    expect(renderSize({ width: 512, height: 512 }, sdxl)).toEqual({ width: 1024, height: 1024 });
    expect(renderSize({ width: 1024, height: 576 }, sdxl)).toEqual({ width: 1344, height: 768 });
  });

  it('refuses sides that are not positive multiples of 64, as invalid input', () => {
    for (const [width, height] of [
      [520, 512],
      [512, 30],
      [0, 512],
      [-64, 512],
      [64.5, 512],
      [Number.NaN, 512],
    ]) {
      expect(() => renderSize({ width, height }, turbo)).toThrow(
        expect.objectContaining({ code: 'invalid_argument', reason: 'bad_image_size' }),
      );
    }
  });

  it('gives a fixed-shape export its one size and refuses every other', () => {
    const fixed = { nativeWidth: 512, nativeHeight: 512, fixedSize: true };
    expect(renderSize({ width: 512, height: 512 }, fixed)).toEqual({ width: 512, height: 512 });
    expect(() => renderSize({ width: 768, height: 512 }, fixed)).toThrow(
      expect.objectContaining({
        code: 'invalid_argument',
        reason: 'bad_image_size',
        message: 'this model was exported for 512×512 images only, got 768×512',
      }),
    );
    expect(advertisedSizes(fixed)).toEqual([{ width: 512, height: 512 }]);
  });

  it("advertises one size per distinct render size of the app's aspect ratios", () => {
    const sizes = advertisedSizes(turbo);
    expect(sizes).toHaveLength(Object.keys(ASPECT_RATIOS).length);
    expect(sizes).toContainEqual({ width: 704, height: 384 });
    expect(new Set(sizes.map((s) => `${s.width}x${s.height}`)).size).toBe(sizes.length);
  });
});
