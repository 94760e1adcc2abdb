// IEEE 754 half precision ↔ float32. Node 20 has no Float16Array, and onnxruntime passes float16 tensors
// as raw bit patterns in a Uint16Array.
import { Tensor } from 'onnxruntime-node';

/**
 * Keeps float16 tensors as Uint16Array bit patterns on Node 24 too. Where the runtime has a Float16Array,
 * onnxruntime-common turns every float16 tensor's data into one, and onnxruntime-node 1.30's native side then
 * reads it as 0 bytes ("not enough space: expected N, got 0"; microsoft/onnxruntime#32323). The library picks
 * its array types once, at the first tensor made in a thread, so this first tensor is made without the
 * global in sight. Importing this module before any tensor exists (every float16 path imports it) is enough.
 */
function keepFloat16AsBits() {
  const global = globalThis as { Float16Array?: unknown };
  const float16Array = global.Float16Array;
  if (float16Array !== undefined) delete global.Float16Array;
  try {
    const probe = new Tensor('float16', new Uint16Array(1), [1]);
    if (!(probe.data instanceof Uint16Array))
      throw new Error('onnxruntime chose Float16Array for float16 tensors before float16.ts was imported');
  } finally {
    if (float16Array !== undefined) global.Float16Array = float16Array;
  }
}
keepFloat16AsBits();

const scratch = new Float32Array(1);
const scratchBits = new Uint32Array(scratch.buffer);

/** Nearest half-precision bit pattern, ties to even (as hardware conversion does). */
export function toFloat16Bits(value: number): number {
  scratch[0] = value;
  const bits = scratchBits[0];
  const sign = (bits >>> 16) & 0x8000;
  const exponent = (bits >>> 23) & 0xff;
  let mantissa = bits & 0x7fffff;
  if (exponent === 0xff) return sign | 0x7c00 | (mantissa ? 0x200 : 0);
  const halfExponent = exponent - 112; // rebias 127 → 15
  if (halfExponent >= 0x1f) return sign | 0x7c00;
  if (halfExponent <= 0) {
    // Subnormal half: shift the full significand down; below 2^-25 everything rounds to zero.
    if (halfExponent < -10) return sign;
    mantissa |= 0x800000;
    const shift = 14 - halfExponent;
    return sign | roundShift(mantissa, shift);
  }
  // A carry out of the mantissa correctly bumps the exponent (and may give infinity).
  return sign | ((halfExponent << 10) + roundShift(mantissa, 13));
}

function roundShift(value: number, shift: number): number {
  const kept = value >>> shift;
  const rest = value & ((1 << shift) - 1);
  const halfway = 1 << (shift - 1);
  return rest > halfway || (rest === halfway && kept & 1) ? kept + 1 : kept;
}

export function fromFloat16Bits(bits: number): number {
  const sign = bits & 0x8000 ? -1 : 1;
  const exponent = (bits >>> 10) & 0x1f;
  const mantissa = bits & 0x3ff;
  if (exponent === 0) return sign * mantissa * 2 ** -24;
  if (exponent === 0x1f) return mantissa ? Number.NaN : sign * Number.POSITIVE_INFINITY;
  return sign * (1 + mantissa / 1024) * 2 ** (exponent - 15);
}

export function encodeFloat16(values: Float32Array): Uint16Array {
  const out = new Uint16Array(values.length);
  for (let i = 0; i < values.length; i++) out[i] = toFloat16Bits(values[i]);
  return out;
}

export function decodeFloat16(bits: Uint16Array): Float32Array {
  const out = new Float32Array(bits.length);
  for (let i = 0; i < bits.length; i++) out[i] = fromFloat16Bits(bits[i]);
  return out;
}
