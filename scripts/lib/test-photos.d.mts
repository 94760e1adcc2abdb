export const CACHE_DIR: string;
export const PHOTOS_DIR: string;
export const PHOTOS: Record<string, { deb: string; dir: string; file: string }>;
export function photoFile(name: string): string;
export const NSFWJS: { version: string; integrity: string };
export const NSFWJS_DIR: string;
export function fetchPhotos(log?: (line: string) => void): void;
export function fetchNsfwjs(log?: (line: string) => void): void;
export function fetchTestAssets(log?: (line: string) => void): void;
