// OpenAI's model names, so a client that sends `dall-e-3` or `gpt-image-1` (most do, by default) gets an
// image: each maps to one of our models ("" = the default generate model, whichever the admin chose).
// Our own model names pass through; anything else reaches jobs unchanged and fails there as unknown.

/** OPENAI_MODEL_ALIASES when unset: every OpenAI image model → our default generate model. */
export const DEFAULT_OPENAI_MODEL_ALIASES: Readonly<Record<string, string>> = {
  'dall-e-2': '',
  'dall-e-3': '',
  'gpt-image-1': '',
  'gpt-image-1-mini': '',
  'gpt-image-1.5': '',
  'chatgpt-image-latest': '',
};

/** The model to ask jobs for ("" = the default) for what a request named (nothing = the default). */
export function resolveModelAlias(requested: string | undefined, aliases: Readonly<Record<string, string>>) {
  if (!requested) return '';
  return Object.hasOwn(aliases, requested) ? aliases[requested]! : requested;
}

/**
 * OpenAI's GPT image models always answer in base64 and take no `response_format`, so clients written for
 * them (the AI SDK among them) read `b64_json`: those names get it by default; the others default to links.
 */
export function defaultResponseFormat(requested: string | undefined): 'url' | 'b64_json' {
  return requested?.startsWith('gpt-image-') || requested?.startsWith('chatgpt-image-') ? 'b64_json' : 'url';
}
