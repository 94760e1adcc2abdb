// Stage 2 of "pictura-abstract", one graph per style: the CPPN fields of the whole image → composition (a
// figure over a ground) → the style's shader → lighting rig → colour grade → RGB bytes.
import type { Style } from '@pictura/common/generation-options';
import { attr, GraphBuilder } from '../onnx/graph-builder.ts';
import { COLOR_PARAMS, LIGHTING_PARAMS } from './abstract.looks.ts';
import { STYLE_SHADERS, type StyleContext } from './abstract.styles.ts';
import { LAYOUT_PARAMS, PALETTE_STOPS } from './abstract-fields.model.ts';
import { GraphOps } from './graph-ops.ts';

export const SHADER_MODEL_IO = {
  fields: 'fields', // float32 [3, height·width] from the fields model
  pixels: 'pixels', // float32 [1, 3, height, width]: x, y, texture (see abstract.pixels.ts)
  stops: 'stops', // float32 [3, PALETTE_STOPS]
  layout: 'layout', // float32 [LAYOUT_PARAMS, 1]
  color: 'color', // float32 [3, COLOR_PARAMS] colour grade (see abstract.looks.ts)
  lighting: 'lighting', // float32 [LIGHTING_PARAMS]
  image: 'image', // uint8 [height, width, 3]
} as const;

export function buildShaderModel(style: Style): Uint8Array {
  const shader = STYLE_SHADERS[style];
  const g = new GraphBuilder(`pictura_abstract_${style}`);
  const o = new GraphOps(g);
  const io = SHADER_MODEL_IO;
  const fields = g.input(io.fields, 'float32', [3, 'pixel_count']);
  const pixels = g.input(io.pixels, 'float32', [1, 3, 'height', 'width']);
  const stops = g.input(io.stops, 'float32', [3, PALETTE_STOPS]);
  const layout = g.input(io.layout, 'float32', [LAYOUT_PARAMS, 1]);
  const color = g.input(io.color, 'float32', [3, COLOR_PARAMS]);
  const lighting = g.input(io.lighting, 'float32', [LIGHTING_PARAMS]);

  const flat = o.reshape(pixels, [3, -1]);
  const xy = o.slice(flat, 0, 2);
  const texture = o.slice(flat, 2, 3);
  const hw = o.slice(o.op('Shape', [pixels]), 2, 4);
  const size = o.op('ReduceMin', [o.op('Cast', [hw], { to: attr.int(1) })], { keepdims: attr.int(0) });

  // Standardise each field over the image so every prompt and seed uses the whole palette.
  const centred = o.sub(fields, o.reduceMean(fields, 1));
  const standard = o.div(centred, o.sqrt(o.add(o.reduceMean(o.mul(centred, centred), 1), 1e-4)));
  const [t, v, m] = [0, 1, 2].map((i) => o.slice(standard, i, i + 1));

  // Composition: an organic figure (the m field warping a seeded disc) over a calmer ground.
  const centre = o.slice(layout, 0, 2);
  const radius = o.add(0.45, o.mul(o.sigmoid(o.slice(layout, 2, 3)), 0.3));
  const sweep = o.matmul(o.reshape(o.slice(layout, 3, 5), [1, 2]), xy); // a seeded backdrop gradient
  const groundKey = o.sigmoid(o.mul(o.slice(layout, 5, 6), 4)); // a dark or a light backdrop
  const subjectDist = o.length(o.sub(xy, centre), 0);
  const subject = o.sigmoid(o.mul(o.add(o.mul(m, 0.3), o.sub(radius, subjectDist)), 14));
  const u = o.add(0.5, o.mul(o.tanh(o.mul(t, shader.gain)), 0.5));
  const calm = o.add(0.5, o.mul(o.tanh(o.mul(t, 0.5)), 0.5));
  const ground = o.add(o.add(o.add(0.12, o.mul(groundKey, 0.48)), o.mul(calm, 0.3)), sweep);
  const figure = o.add(0.25, o.mul(u, 0.75));
  const height = o.clip(o.mix(ground, figure, subject), 0, 1);

  const context: StyleContext = { o, t, v, m, u, height, subject, xy, texture, stops, size, hw };
  let rgb = shader.shade(context);
  rgb = applyLighting(o, rgb, xy, lighting);
  rgb = applyColorGrade(o, rgb, color);

  // [3, N] → [H, W, 3] bytes.
  const scaled = o.add(o.mul(o.op('Transpose', [rgb], { perm: attr.ints([1, 0]) }), 255), 0.5);
  const bytes = o.op('Cast', [o.clip(scaled, 0, 255)], { to: attr.int(2) });
  g.node('Reshape', [bytes, o.concat([hw, g.int64([3])], 0)], [io.image]);
  g.output(io.image, 'uint8', ['height', 'width', 3]);
  return g.build();
}

/** rgb·light·tint + glow·disc·tint, with light = ambient + gradient·xy + disc·softDisc(xy). See LightingRig. */
function applyLighting(o: GraphOps, rgb: string, xy: string, rig: string): string {
  const at = (i: number, n = 1) => o.slice(rig, i, i + n);
  const gradient = o.reshape(at(1, 2), [1, 2]);
  const centre = o.reshape(at(4, 2), [2, 1]);
  const disc = o.sigmoid(o.mul(o.sub(at(6), o.length(o.sub(xy, centre), 0)), at(7)));
  const light = o.relu(o.add(o.add(at(0), o.matmul(gradient, xy)), o.mul(at(3), disc)));
  const tint = o.reshape(at(9, 3), [3, 1]);
  return o.mul(o.add(o.mul(rgb, light), o.mul(at(8), disc)), tint);
}

/** Affine map, then a blend towards a shadows → midtones → highlights ramp indexed by luminance. */
function applyColorGrade(o: GraphOps, rgb: string, grade: string): string {
  const mapped = o.add(o.matmul(o.slice(grade, 0, 3, 1), rgb), o.slice(grade, 3, 4, 1));
  const luma = o.clip(o.matmul(o.g.float([0.299, 0.587, 0.114], [1, 3]), mapped), 0, 1);
  const ramp = o.slice(grade, 4, 7, 1); // [3, 3]
  const weights = o.relu(o.sub(1, o.abs(o.sub(o.mul(luma, 2), o.g.float([0, 1, 2], [3, 1]))))); // [3, N]
  return o.mix(mapped, o.matmul(ramp, weights), o.slice(grade, 7, 8, 1));
}
