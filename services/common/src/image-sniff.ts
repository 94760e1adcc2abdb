// Upload rules (product spec, "Upload"; ARCHITECTURE "Security rules"): an image's type comes from its first
// bytes, never from a file name or a Content-Type header, and only JPEG, PNG and WebP are accepted.

export type ImageType = 'image/jpeg' | 'image/png' | 'image/webp';

export const ACCEPTED_IMAGE_TYPES: readonly ImageType[] = ['image/jpeg', 'image/png', 'image/webp'];

/** 10 MB, from the spec; enforced while streaming, not after buffering. */
export const MAX_UPLOAD_BYTES = 10_485_760;

/**
 * Largest width × height we decode. 40 MP covers 8K frames (33 MP) and the photos of current phones at their
 * default resolution, while bounding one decoded RGBA image to about 160 MB; a 10 MB file can otherwise
 * declare gigapixels (decompression bomb).
 */
export const MAX_INPUT_PIXELS = 40_000_000;

// Exact texts of the spec; the gateway shows them to the user.
export const NOT_AN_IMAGE_MESSAGE = 'Uploaded file is not an image';
export const FILE_TOO_LARGE_MESSAGE = 'File is too large (maximum 10MB)';

/** How many leading bytes sniffImageType needs to decide (WebP is the longest signature). */
export const SNIFF_BYTES = 12;

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_SIGNATURE = [0xff, 0xd8, 0xff];
const RIFF = [0x52, 0x49, 0x46, 0x46];
const WEBP = [0x57, 0x45, 0x42, 0x50];

function startsWith(bytes: Uint8Array, signature: number[], offset = 0): boolean {
  if (bytes.length < offset + signature.length) return false;
  return signature.every((byte, i) => bytes[offset + i] === byte);
}

/** The image type announced by the magic bytes, or null when it is not one we accept. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, JPEG_SIGNATURE)) return 'image/jpeg';
  if (startsWith(bytes, PNG_SIGNATURE)) return 'image/png';
  // RIFF container: 4 bytes "RIFF", 4 bytes little-endian size, then the form type "WEBP".
  if (startsWith(bytes, RIFF) && startsWith(bytes, WEBP, 8)) return 'image/webp';
  return null;
}
