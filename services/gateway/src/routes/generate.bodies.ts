// Jobs' model messages as the wire shows them.
import type { GenerateModelSettings, ModelInfo } from '@pictura/common/gen/jobs/v1/jobs_pb';
import type { ModelBody } from './generate.schemas.ts';

export function toModelSettingsBody(settings: GenerateModelSettings | undefined): ModelBody['settings'] {
  if (!settings) return null;
  return {
    steps: settings.steps,
    guidance: settings.guidance,
    width: settings.width ?? null,
    height: settings.height ?? null,
    fixed_size: settings.fixedSize,
    negative_prompt: settings.negativePrompt,
    transparent_background: settings.transparentBackground,
  };
}

export function toModelBody(m: ModelInfo): ModelBody {
  return {
    name: m.name,
    kind: m.kind as ModelBody['kind'],
    title: m.title,
    description: m.description,
    builtin: m.builtin,
    default: m.isDefault,
    licence: m.licence
      ? { name: m.licence.name, url: m.licence.url, commercial_use: m.licence.commercialUse }
      : null,
    size_bytes: Number(m.sizeBytes),
    source: m.source,
    installed_at: m.installedAt || null,
    settings: toModelSettingsBody(m.settings),
    ms_per_output_megapixel: m.msPerOutputMegapixel ?? null,
  };
}
