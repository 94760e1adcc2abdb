import { describe, expect, it } from 'vitest';
import { createNoiseSource } from './latent-noise.ts';

describe('createNoiseSource', () => {
  it('gives the same samples for the same seed and different ones for another seed', () => {
    const a = createNoiseSource(42).fill(1000);
    expect(createNoiseSource(42).fill(1000)).toEqual(a);
    const b = createNoiseSource(43).fill(1000);
    expect(b.filter((v, i) => v === a[i]).length).toBe(0);
  });

  it('continues one stream across fill() and next()', () => {
    const whole = createNoiseSource(7).fill(5);
    const source = createNoiseSource(7);
    const parts = [...source.fill(3), source.next(), source.next()];
    expect(Float32Array.from(parts)).toEqual(whole);
  });

  it('is standard normal: mean 0, variance 1, symmetric tails', () => {
    const samples = createNoiseSource(2024).fill(200_000);
    const n = samples.length;
    const mean = samples.reduce((s, v) => s + v, 0) / n;
    const variance = samples.reduce((s, v) => s + (v - mean) ** 2, 0) / n;
    // Standard error of the mean is 1/sqrt(n) ≈ 0.0022; of the variance ≈ 0.0032.
    expect(Math.abs(mean)).toBeLessThan(0.01);
    expect(Math.abs(variance - 1)).toBeLessThan(0.015);
    // P(|x| > 2) = 0.0455 for a standard normal.
    const beyondTwo = samples.filter((v) => Math.abs(v) > 2).length / n;
    expect(beyondTwo).toBeGreaterThan(0.042);
    expect(beyondTwo).toBeLessThan(0.049);
    expect(samples.every(Number.isFinite)).toBe(true);
  });

  it('accepts the full 32-bit seed range', () => {
    expect(createNoiseSource(0xffffffff).fill(4)).not.toEqual(createNoiseSource(0).fill(4));
  });
});
