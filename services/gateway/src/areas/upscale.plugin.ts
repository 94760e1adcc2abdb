// The upscale area: uploading an image and upscaling it 4x, both in the spec's {success, error?}
// answers. The upload routes set this area's error handler and multipart parser; the upscale routes,
// registered after them here, inherit both.
import type { FastifyInstance } from 'fastify';
import { type UploadDeps, uploadRoutes } from '../routes/upload.routes.ts';
import { upscaleRoutes } from '../routes/upscale.routes.ts';

export type UpscaleAreaDeps = UploadDeps;

export async function upscaleArea(app: FastifyInstance, deps: UpscaleAreaDeps): Promise<void> {
  await uploadRoutes(app, deps);
  await app.register(upscaleRoutes, deps);
}
