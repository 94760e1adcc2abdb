// The starting image of an image-to-image job (OpenAI edits and variations): the stored upload, decoded and
// fitted to the size being rendered, for the pipelines that can start from one.
import sharp from 'sharp';

/** What a generate job carries when it starts from an image. */
export interface InitImage {
  /** The encoded image as stored by the gateway's intake (PNG, JPEG or WebP, already pixel-capped). */
  image: Uint8Array;
  /** 0 keeps the image, 1 ignores it (as diffusers' img2img `strength`). */
  strength: number;
}

/** RGB bytes, row-major, exactly width × height: cropped to the aspect ratio (centred), then resized. */
export async function fitInitImage(image: Uint8Array, width: number, height: number): Promise<Uint8Array> {
  const data = await sharp(image)
    .rotate()
    .resize(width, height, { fit: 'cover', position: 'centre', kernel: 'lanczos3' })
    .removeAlpha()
    .raw()
    .toBuffer();
  return new Uint8Array(data.buffer, data.byteOffset, data.length);
}

/**
 * The step a `steps`-step sampler starts from for a strength, as diffusers' img2img: it runs the last
 * steps × strength steps (none at strength 0: the image comes back as it is). Rounded where diffusers
 * truncates, so a few-step model still runs a step at a middling strength.
 */
export function startStep(steps: number, strength: number): number {
  const run = Math.min(steps, Math.max(0, Math.round(steps * strength)));
  return steps - run;
}
