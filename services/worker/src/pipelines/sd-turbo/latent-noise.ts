// Seeded Gaussian noise for the initial latents and the ancestral/LCM re-noising, so the same seed renders
// the same image on every machine: xoshiro128** (seeded through splitmix32) + Box-Muller, 32-bit maths only.

export interface NoiseSource {
  /** The next standard-normal sample. */
  next(): number;
  /** `count` standard-normal samples. */
  fill(count: number): Float32Array;
}

export function createNoiseSource(seed: number): NoiseSource {
  const nextUint32 = xoshiro128(seed);
  // Strictly inside (0, 1), so the logarithm below is always finite.
  const uniform = () => (nextUint32() + 0.5) / 4294967296;
  let spare: number | undefined;
  const next = () => {
    if (spare !== undefined) {
      const value = spare;
      spare = undefined;
      return value;
    }
    const radius = Math.sqrt(-2 * Math.log(uniform()));
    const angle = 2 * Math.PI * uniform();
    spare = radius * Math.sin(angle);
    return radius * Math.cos(angle);
  };
  return {
    next,
    fill(count) {
      const out = new Float32Array(count);
      for (let i = 0; i < count; i++) out[i] = next();
      return out;
    },
  };
}

function xoshiro128(seed: number): () => number {
  // splitmix32 spreads a small seed (0, 1, 2...) over the whole 128-bit state.
  let mix = seed >>> 0;
  const splitmix = () => {
    mix = (mix + 0x9e3779b9) >>> 0;
    let z = mix;
    z = Math.imul(z ^ (z >>> 16), 0x85ebca6b);
    z = Math.imul(z ^ (z >>> 13), 0xc2b2ae35);
    return (z ^ (z >>> 16)) >>> 0;
  };
  let s0 = splitmix();
  let s1 = splitmix();
  let s2 = splitmix();
  let s3 = splitmix();
  const rotl = (x: number, k: number) => (x << k) | (x >>> (32 - k));
  return () => {
    const result = Math.imul(rotl(Math.imul(s1, 5), 7), 9) >>> 0;
    const t = s1 << 9;
    s2 ^= s0;
    s3 ^= s1;
    s1 ^= s2;
    s0 ^= s3;
    s2 ^= t;
    s3 = rotl(s3, 11);
    return result;
  };
}
