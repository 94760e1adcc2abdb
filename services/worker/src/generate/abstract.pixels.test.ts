import { describe, expect, it } from 'vitest';
import { buildPixelGrid, pixelArtBlock } from './abstract.pixels.ts';

function samplePoints(width: number, height: number, style: 'none' | 'pixel_art' | 'low_poly') {
  const { data } = buildPixelGrid(style, width, height, 5);
  const n = width * height;
  return Array.from({ length: n }, (_, i) => `${data[i]},${data[n + i]}`);
}

describe('buildPixelGrid', () => {
  it('spans [-1, 1] on the shorter side and keeps pixels square', () => {
    const { data } = buildPixelGrid('none', 200, 100, 1);
    const n = 200 * 100;
    expect(data[0]).toBeCloseTo(-2 + 0.01, 5); // first pixel centre, x
    expect(data[n]).toBeCloseTo(-1 + 0.01, 5); // first pixel centre, y
    expect(data[n - 1]).toBeCloseTo(2 - 0.01, 5);
    expect(data[2 * n - 1]).toBeCloseTo(1 - 0.01, 5);
  });

  it('pixel_art samples one point per block', () => {
    const block = pixelArtBlock(256, 256);
    expect(new Set(samplePoints(256, 256, 'pixel_art')).size).toBe((256 / block) ** 2);
  });

  it('low_poly covers every pixel with a triangle sampled at its centroid', () => {
    const none = samplePoints(300, 200, 'none');
    const facets = samplePoints(300, 200, 'low_poly');
    // A pixel left uncovered would keep its own position.
    expect(facets.filter((p, i) => p === none[i]).length).toBeLessThan(5);
    const count = new Set(facets).size;
    expect(count).toBeGreaterThan(100);
    expect(count).toBeLessThan(500);
  });

  it('is deterministic per seed', () => {
    expect(buildPixelGrid('watercolor', 64, 48, 3).data).toEqual(
      buildPixelGrid('watercolor', 64, 48, 3).data,
    );
    expect(buildPixelGrid('watercolor', 64, 48, 3).data).not.toEqual(
      buildPixelGrid('watercolor', 64, 48, 4).data,
    );
  });
});
