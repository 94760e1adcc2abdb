// GET /v1/models and GET /v1/models/{model}: the generate models the workers offer, and the OpenAI names
// that map to them (openai-model-aliases.ts), in OpenAI's list shape, so `models.list()` and
// `models.retrieve('dall-e-3')` work in an unchanged OpenAI client.
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { ModelInfo } from '@pictura/common/gen/jobs/v1/jobs_pb';
import type { FastifyInstance } from 'fastify';
import { type Static, Type } from 'typebox';
import type { JobsClient } from '../clients.ts';
import { SingleLineText } from '../text-schemas.ts';
import { requireApiKey } from './openai-access.ts';
import { OpenAiError } from './openai-errors.ts';
import { OpenAiErrorResponse } from './openai-images.schemas.ts';

export const OpenAiModel = Type.Object(
  {
    id: Type.String({ description: 'The name to send as `model`' }),
    object: Type.Literal('model'),
    created: Type.Integer({ description: 'Unix seconds it was installed; 0 for built-in models' }),
    owned_by: Type.String({ description: '"pictura" for built-ins, the publisher for installed models' }),
  },
  { $id: 'OpenAiModel' },
);
export type OpenAiModel = Static<typeof OpenAiModel>;

const OpenAiModelList = Type.Object({
  object: Type.Literal('list'),
  data: Type.Array(Type.Ref('OpenAiModel')),
});

/** "hf:stabilityai/sd-turbo@rev" → "stabilityai"; built-ins are ours; an operator's folder is theirs. */
function ownerOf(model: ModelInfo): string {
  if (model.builtin) return 'pictura';
  const hub = /^hf:([^/]+)\//.exec(model.source);
  return hub ? hub[1]! : 'system';
}

const toOpenAi = (model: ModelInfo, id = model.name): OpenAiModel => ({
  id,
  object: 'model',
  created: model.installedAt ? Math.floor(Date.parse(model.installedAt) / 1000) || 0 : 0,
  owned_by: ownerOf(model),
});

/** Our generate models, then each OpenAI name whose target is offered (as that model, under its name). */
export function listOpenAiModels(
  models: readonly ModelInfo[],
  aliases: Readonly<Record<string, string>>,
): OpenAiModel[] {
  const generate = models.filter((m) => m.kind === 'generate');
  const listed = generate.map((m) => toOpenAi(m));
  for (const [alias, target] of Object.entries(aliases)) {
    if (generate.some((m) => m.name === alias)) continue;
    const model = generate.find((m) => (target === '' ? m.isDefault : m.name === target));
    if (model) listed.push(toOpenAi(model, alias));
  }
  return listed;
}

export async function openAiModelsRoutes(
  app: FastifyInstance,
  deps: { jobs: JobsClient; modelAliases: Readonly<Record<string, string>> },
): Promise<void> {
  app.addHook('onRequest', requireApiKey);
  app.addSchema(OpenAiModel);
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const offered = async (requestId: string) =>
    listOpenAiModels((await deps.jobs.listModels({}, { requestId })).models, deps.modelAliases);

  api.get(
    '/v1/models',
    {
      schema: {
        operationId: 'listModels',
        summary: 'List models (OpenAI-compatible)',
        description:
          'The generate models the workers offer, and the OpenAI model names (dall-e-2, dall-e-3, gpt-image-1, …) ' +
          'that map to one of them (by default the default model; OPENAI_MODEL_ALIASES changes the map).',
        tags: ['integrations'],
        response: { 200: OpenAiModelList, '4xx': OpenAiErrorResponse, '5xx': OpenAiErrorResponse },
      },
    },
    async (request) => ({ object: 'list' as const, data: await offered(request.id) }),
  );

  api.get(
    '/v1/models/:model',
    {
      schema: {
        operationId: 'retrieveModel',
        summary: 'Retrieve a model (OpenAI-compatible)',
        description: 'One entry of GET /v1/models; 404 model_not_found for a name not offered.',
        tags: ['integrations'],
        params: Type.Object({ model: SingleLineText({ maxLength: 200 }) }),
        response: { 200: Type.Ref('OpenAiModel'), '4xx': OpenAiErrorResponse, '5xx': OpenAiErrorResponse },
      },
    },
    async (request) => {
      const model = (await offered(request.id)).find((m) => m.id === request.params.model);
      if (!model) {
        throw new OpenAiError(
          404,
          `The model '${request.params.model}' does not exist`,
          'model_not_found',
          'model',
        );
      }
      return model;
    },
  );
}
