// How the evaluation tells what a generated picture shows: nearest neighbour among the training pictures, on
// 32 px premultiplied RGBA (small enough to forgive a pixel's shift, large enough to tell a fox from a cat).
export const SMALL = 32;

/** 64 px straight RGBA bytes (as the dataset stores them) → 32 px premultiplied planes in [0, 1]. */
export function smallFromRgba(rgba: Uint8Array, offset = 0): Float32Array {
  return shrink((x, y, c) => {
    const at = offset + (y * 64 + x) * 4;
    const alpha = rgba[at + 3]! / 255;
    return c === 3 ? alpha : (rgba[at + c]! / 255) * alpha;
  });
}

/** The model's 4×64×64 premultiplied planes → 32 px planes. */
export function smallFromPlanes(planes: Float32Array): Float32Array {
  return shrink((x, y, c) => planes[c * 4096 + y * 64 + x]!);
}

function shrink(get: (x: number, y: number, c: number) => number): Float32Array {
  const out = new Float32Array(4 * SMALL * SMALL);
  for (let y = 0; y < SMALL; y++)
    for (let x = 0; x < SMALL; x++)
      for (let c = 0; c < 4; c++) {
        let sum = 0;
        for (let dy = 0; dy < 2; dy++) for (let dx = 0; dx < 2; dx++) sum += get(2 * x + dx, 2 * y + dy, c);
        out[c * SMALL * SMALL + y * SMALL + x] = sum / 4;
      }
  return out;
}

/** Concept indices ranked by the distance of their nearest reference picture. */
export function rankByNearest(
  picture: Float32Array,
  references: readonly { concept: number; small: Float32Array }[],
): number[] {
  const best = new Map<number, number>();
  for (const { concept, small } of references) {
    let d = 0;
    for (let k = 0; k < small.length; k++) d += (small[k]! - picture[k]!) ** 2;
    if (d < (best.get(concept) ?? Number.POSITIVE_INFINITY)) best.set(concept, d);
  }
  return [...best.keys()].sort((a, b) => best.get(a)! - best.get(b)!);
}
