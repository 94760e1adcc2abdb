import { describe, expect, it } from 'vitest';
import { decodeFloat16, encodeFloat16, fromFloat16Bits, toFloat16Bits } from './float16.ts';

describe('float16', () => {
  it('encodes known values to their IEEE half bit patterns', () => {
    const cases: [number, number][] = [
      [0, 0x0000],
      [-0, 0x8000],
      [1, 0x3c00],
      [-2, 0xc000],
      [0.5, 0x3800],
      [65504, 0x7bff], // largest finite half
      [65520, 0x7c00], // rounds up past it: infinity
      [2 ** -24, 0x0001], // smallest subnormal
      [2 ** -25, 0x0000], // halfway to it: ties to even, i.e. zero
      [1.5 * 2 ** -25, 0x0001],
      [2 ** -14, 0x0400], // smallest normal
      [0.1, 0x2e66],
      [1 / 3, 0x3555],
      [1 + 2 ** -11, 0x3c00], // halfway between 1 and the next half: ties to even
      [1 + 3 * 2 ** -11, 0x3c02],
      [Number.POSITIVE_INFINITY, 0x7c00],
    ];
    for (const [value, bits] of cases) expect(toFloat16Bits(value), String(value)).toBe(bits);
    expect(toFloat16Bits(Number.NaN) & 0x7c00).toBe(0x7c00);
    expect(toFloat16Bits(Number.NaN) & 0x3ff).not.toBe(0);
  });

  it('decodes every finite half exactly, and re-encodes it to the same bits', () => {
    const mismatches: number[] = [];
    for (let bits = 0; bits < 0x10000; bits++) {
      if ((bits & 0x7c00) !== 0x7c00 && toFloat16Bits(fromFloat16Bits(bits)) !== bits) mismatches.push(bits);
    }
    expect(mismatches).toEqual([]);
    expect(fromFloat16Bits(0x7bff)).toBe(65504);
    expect(fromFloat16Bits(0x0001)).toBe(2 ** -24);
    expect(fromFloat16Bits(0x3555)).toBeCloseTo(1 / 3, 3);
    expect(fromFloat16Bits(0xfc00)).toBe(Number.NEGATIVE_INFINITY);
    expect(Number.isNaN(fromFloat16Bits(0x7e00))).toBe(true);
  });

  it('converts arrays both ways', () => {
    const values = new Float32Array([1, -0.25, 3.140625, 1000]);
    expect(Array.from(encodeFloat16(values))).toEqual([0x3c00, 0xb400, 0x4248, 0x63d0]);
    expect(Array.from(decodeFloat16(encodeFloat16(values)))).toEqual(Array.from(values));
  });
});
