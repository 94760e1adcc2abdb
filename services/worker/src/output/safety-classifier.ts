// An operator-supplied ONNX image classifier that marks generated images which may not suit public
// viewing, on top of the prompt check. Expected export: one image input NCHW float32 RGB in [0, 1] (fixed
// or free height and width) and one output of per-class probabilities; SAFETY_CLASS_INDEX names the
// "unsafe" class and SAFETY_THRESHOLD the score from which an image is flagged.
import type * as ort from 'onnxruntime-node';
import sharp from 'sharp';
import type { RenderedImage } from '../generate/abstract.pipeline.ts';

export interface SafetySettings {
  path: string;
  classIndex: number;
  threshold: number;
}

export interface SafetyClassifier {
  /** The unsafe class's score, 0..1. */
  score(image: RenderedImage): Promise<number>;
  isUnsafe(image: RenderedImage): Promise<boolean>;
}

const DEFAULT_SIDE = 224;

export async function loadSafetyClassifier(
  runtime: typeof ort,
  settings: SafetySettings,
  sessionOptions?: ort.InferenceSession.SessionOptions,
): Promise<SafetyClassifier> {
  const session = await runtime.InferenceSession.create(settings.path, sessionOptions);
  const input = session.inputMetadata[0];
  const output = session.outputNames[0];
  if (!input?.isTensor || input.type !== 'float32' || input.shape.length !== 4 || !output) {
    throw new Error(`${settings.path}: expected one float32 NCHW image input and one output`);
  }
  const side = (dim: unknown) => (typeof dim === 'number' && dim > 0 ? dim : DEFAULT_SIDE);
  const height = side(input.shape[2]);
  const width = side(input.shape[3]);

  async function score(image: RenderedImage): Promise<number> {
    const raw = { raw: { width: image.width, height: image.height, channels: image.channels } };
    const pixels = await sharp(image.data, raw).resize(width, height, { fit: 'fill' }).raw().toBuffer();
    const planes = new Float32Array(3 * width * height);
    const area = width * height;
    for (let i = 0; i < area; i++) {
      planes[i] = pixels[i * 3]! / 255;
      planes[area + i] = pixels[i * 3 + 1]! / 255;
      planes[2 * area + i] = pixels[i * 3 + 2]! / 255;
    }
    const feeds = { [input!.name]: new runtime.Tensor('float32', planes, [1, 3, height, width]) };
    const scores = (await session.run(feeds))[output!]!.data as Float32Array;
    if (settings.classIndex >= scores.length) {
      throw new Error(
        `${settings.path}: class ${settings.classIndex} is out of range (${scores.length} classes)`,
      );
    }
    return scores[settings.classIndex]!;
  }

  return { score, isUnsafe: async (image) => (await score(image)) >= settings.threshold };
}
