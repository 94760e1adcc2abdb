// The image check that marks generated and upscaled pictures which may not suit public viewing, on top of
// the prompt check. The default is nsfwjs's MobileNetV2 converted to ONNX (classes drawing, hentai,
// neutral, porn, sexy); an operator's own classifier works too. Expected export: one image input NCHW
// float32 RGB in [0, 1] (fixed or free height and width) and one output of per-class probabilities. The
// score is the sum of the unsafe classes' probabilities: nsfwjs spreads one unsafe picture over porn,
// hentai and sexy, so no single class is enough.
import type * as ort from 'onnxruntime-node';
import sharp from 'sharp';
import type { RenderedImage } from '../generate/abstract.pipeline.ts';

export interface SafetyClassifierSettings {
  path: string;
  /** Output classes whose probabilities add up to the score. */
  unsafeIndices: number[];
  /** Score (0..1) from which an image is flagged. */
  threshold: number;
  /** Side of the square input when the model leaves height and width free (default 224). */
  inputSize?: number;
}

export interface SafetyClassifier {
  /** Sum of the unsafe classes' probabilities, 0..1. */
  score(image: RenderedImage): Promise<number>;
  isUnsafe(image: RenderedImage): Promise<boolean>;
  /** Frees the ONNX session (a registry reload drops classifiers it no longer lists). */
  release?(): Promise<void>;
}

const DEFAULT_SIDE = 224;

export async function loadSafetyClassifier(
  runtime: typeof ort,
  settings: SafetyClassifierSettings,
  sessionOptions?: ort.InferenceSession.SessionOptions,
): Promise<SafetyClassifier> {
  const { path, unsafeIndices, threshold } = settings;
  if (unsafeIndices.length === 0 || unsafeIndices.some((i) => !Number.isInteger(i) || i < 0)) {
    throw new Error(`${path}: unsafe classes must be a non-empty list of class indices`);
  }
  const session = await runtime.InferenceSession.create(path, sessionOptions);
  try {
    const input = session.inputMetadata[0];
    const output = session.outputNames[0];
    const channels = input?.isTensor ? input.shape[1] : undefined;
    if (!input?.isTensor || input.type !== 'float32' || input.shape.length !== 4 || !output) {
      throw new Error(`${path}: expected one float32 NCHW image input and one output`);
    }
    if (typeof channels === 'number' && channels !== 3) {
      throw new Error(`${path}: the input has ${channels} channels, expected 3 (RGB)`);
    }
    const [height, width] = [input.shape[2], input.shape[3]].map((dim) => {
      if (typeof dim === 'number' && dim > 0) {
        if (settings.inputSize !== undefined && settings.inputSize !== dim) {
          throw new Error(`${path}: the model takes ${dim} px, not the configured ${settings.inputSize}`);
        }
        return dim;
      }
      return settings.inputSize ?? DEFAULT_SIDE;
    }) as [number, number];

    const classify = async (pixels: Buffer): Promise<Float32Array> => {
      const area = width * height;
      const planes = new Float32Array(3 * area);
      for (let i = 0; i < area; i++) {
        planes[i] = pixels[i * 3]! / 255;
        planes[area + i] = pixels[i * 3 + 1]! / 255;
        planes[2 * area + i] = pixels[i * 3 + 2]! / 255;
      }
      const feeds = { [input.name]: new runtime.Tensor('float32', planes, [1, 3, height, width]) };
      return (await session.run(feeds))[output]!.data as Float32Array;
    };

    // Fail at load, not on the first job, when the model has fewer classes than the settings name.
    const probe = await classify(Buffer.alloc(3 * width * height, 128));
    const outOfRange = unsafeIndices.filter((i) => i >= probe.length);
    if (outOfRange.length > 0) {
      throw new Error(`${path}: class ${outOfRange.join(', ')} is out of range (${probe.length} classes)`);
    }

    async function score(image: RenderedImage): Promise<number> {
      const raw = { raw: { width: image.width, height: image.height, channels: image.channels } };
      // Bilinear, as nsfwjs resizes; sharp's version also averages when shrinking, so no aliasing.
      // A transparent image is judged as it shows on a white page; `classify` reads three channels.
      const pixels = await sharp(image.data, raw)
        .flatten({ background: '#ffffff' })
        .resize(width, height, { fit: 'fill', kernel: 'linear' })
        .raw()
        .toBuffer();
      const probabilities = await classify(pixels);
      return unsafeIndices.reduce((sum, i) => sum + probabilities[i]!, 0);
    }

    return {
      score,
      isUnsafe: async (image) => (await score(image)) >= threshold,
      release: () => session.release(),
    };
  } catch (error) {
    await session.release();
    throw error;
  }
}
