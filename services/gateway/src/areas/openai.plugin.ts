// The OpenAI-compatible area under /v1: images, models, and OpenAI's own answers for the rest.
import type { FastifyInstance } from 'fastify';
import { openAiRoutes } from '../routes/openai.routes.ts';
import type { OpenAiImagesDeps } from '../routes/openai-images.routes.ts';

export type OpenAiAreaDeps = OpenAiImagesDeps;

export async function openAiArea(app: FastifyInstance, deps: OpenAiAreaDeps): Promise<void> {
  await app.register(openAiRoutes, deps);
}
