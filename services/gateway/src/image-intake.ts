// Turns untrusted image bytes (an upload, or a fetched link) into a clean stored image: type from the magic
// bytes, pixel count capped while decoding, re-encoded so no metadata survives.
import { decodeUploadedImage, encodeWithoutMetadata } from '@pictura/common/image-decode';
import type { ObjectStore } from '@pictura/common/object-store';

export interface StoredImage {
  key: string;
  width: number;
  height: number;
}

/** Throws ImageRejectedError (not_an_image, too_large, too_many_pixels) for input a user must change. */
export async function storeUntrustedImage(store: ObjectStore, bytes: Uint8Array): Promise<StoredImage> {
  const image = await decodeUploadedImage(bytes);
  const encoded = await encodeWithoutMetadata(image);
  const stored = await store.put(encoded.data, encoded.extension);
  return { key: stored.key, width: image.width, height: image.height };
}
