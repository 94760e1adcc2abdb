// Tiled inference as Real-ESRGAN's reference does it: every tile is run with `tilePad` pixels of context on
// each side, and only its unpadded centre (× scale) is written out, so tiles join without seams. Unlike the
// reference, edge tiles are filled out by replicating the border, so the session only ever sees one shape
// per tile size (onnxruntime-node ignores freeDimensionOverrides, and every new shape costs a re-plan).

export const DEFAULT_TILE_PAD = 10;

/** A model that upscales one NCHW float32 RGB tile in [0, 1]; the tiler clamps whatever comes back. */
export interface TileModel {
  readonly scale: number;
  /** `pixels` is [1, 3, height, width]; the result must be [1, 3, height·scale, width·scale]. */
  run(pixels: Float32Array, height: number, width: number): Promise<Float32Array>;
}

/** Interleaved 8-bit pixels, row by row. */
export interface Raster {
  data: Uint8Array;
  width: number;
  height: number;
  channels: number;
}

export interface TilingOptions {
  tileSize: number;
  tilePad?: number;
  /** Called after each tile has been run and written. */
  onProgress?: (tilesDone: number, tilesTotal: number) => void;
}

export function countTiles(width: number, height: number, tileSize: number): number {
  return Math.ceil(width / tileSize) * Math.ceil(height / tileSize);
}

/**
 * The tile size for an image: the largest size, or a half or quarter of it when that already covers the
 * whole image, so a small image is not padded out to a large tile while the shapes stay few.
 */
export function chooseTileSize(width: number, height: number, maxTileSize: number): number {
  const longest = Math.max(width, height);
  for (const divisor of [4, 2]) {
    const size = Math.ceil(maxTileSize / divisor);
    if (longest <= size) return size;
  }
  return maxTileSize;
}

const BYTE_TO_UNIT = Float32Array.from({ length: 256 }, (_, v) => v / 255);

/**
 * Upscales the colour of `source` into `target` (scale × its size). A source with 1 or 2 channels is grey
 * (expanded to RGB for the model); otherwise its first 3 channels are RGB. `colourChannels` of `target`
 * (1 = grey, written as luma; 3 = RGB) are written and any further channel, such as alpha, is left alone.
 */
export async function upscaleInTiles(
  model: TileModel,
  source: Raster,
  target: Raster,
  colourChannels: 1 | 3,
  { tileSize, tilePad = DEFAULT_TILE_PAD, onProgress }: TilingOptions,
): Promise<void> {
  const { scale } = model;
  if (target.width !== source.width * scale || target.height !== source.height * scale) {
    throw new Error(`target must be ${source.width * scale}×${source.height * scale}`);
  }
  const side = tileSize + 2 * tilePad;
  const tile = new Float32Array(3 * side * side);
  // Uint8ClampedArray rounds and clamps on assignment, which is exactly the float → byte conversion we want.
  const out = new Uint8ClampedArray(target.data.buffer, target.data.byteOffset, target.data.byteLength);
  const total = countTiles(source.width, source.height, tileSize);
  let done = 0;

  for (let y0 = 0; y0 < source.height; y0 += tileSize) {
    for (let x0 = 0; x0 < source.width; x0 += tileSize) {
      readTile(source, x0 - tilePad, y0 - tilePad, side, tile);
      const result = await model.run(tile, side, side);
      if (result.length !== 3 * side * scale * side * scale) {
        throw new Error(
          `model returned ${result.length} values for a ${side}×${side} tile at scale ${scale}`,
        );
      }
      const core = {
        width: Math.min(tileSize, source.width - x0),
        height: Math.min(tileSize, source.height - y0),
      };
      writeTile(result, side * scale, tilePad * scale, core, scale, x0, y0, target, out, colourChannels);
      onProgress?.(++done, total);
    }
  }
}

/** Fills `tile` (planar RGB) from the square at (left, top), replicating the image border beyond its edge. */
function readTile(source: Raster, left: number, top: number, side: number, tile: Float32Array): void {
  const { data, width, height, channels } = source;
  const plane = side * side;
  const grey = channels < 3;
  for (let y = 0; y < side; y++) {
    const row = Math.min(height - 1, Math.max(0, top + y)) * width;
    for (let x = 0; x < side; x++) {
      const at = (row + Math.min(width - 1, Math.max(0, left + x))) * channels;
      const i = y * side + x;
      tile[i] = BYTE_TO_UNIT[data[at]];
      tile[plane + i] = BYTE_TO_UNIT[data[grey ? at : at + 1]];
      tile[2 * plane + i] = BYTE_TO_UNIT[data[grey ? at : at + 2]];
    }
  }
}

/** Copies the unpadded centre of a model result (planar RGB, `side` wide) into the interleaved target. */
function writeTile(
  result: Float32Array,
  side: number,
  offset: number,
  core: { width: number; height: number },
  scale: number,
  x0: number,
  y0: number,
  target: Raster,
  out: Uint8ClampedArray,
  colourChannels: 1 | 3,
): void {
  const plane = side * side;
  const stride = target.channels;
  const width = core.width * scale;
  for (let y = 0; y < core.height * scale; y++) {
    let from = (offset + y) * side + offset;
    let to = ((y0 * scale + y) * target.width + x0 * scale) * stride;
    if (colourChannels === 3) {
      for (let x = 0; x < width; x++, from++, to += stride) {
        out[to] = result[from] * 255;
        out[to + 1] = result[plane + from] * 255;
        out[to + 2] = result[2 * plane + from] * 255;
      }
    } else {
      for (let x = 0; x < width; x++, from++, to += stride) {
        // A grey input gives near-equal channels; luma weights (Rec. 709) settle any small difference.
        out[to] =
          (0.2126 * result[from] + 0.7152 * result[plane + from] + 0.0722 * result[2 * plane + from]) * 255;
      }
    }
  }
}
