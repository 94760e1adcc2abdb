// A model as a worker advertises it, for the jobs tests: MIT, 1 KB, an operator's own unless said otherwise.
import type { ModelKind } from '@pictura/common/model-manifest';
import type { AdvertisedModel } from '@pictura/common/queues';

export function advertisedModel(
  name: string,
  kind: ModelKind = 'generate',
  extra: Partial<AdvertisedModel> = {},
): AdvertisedModel {
  return {
    name,
    kind,
    title: name,
    description: '',
    builtin: false,
    isDefault: false,
    licence: { name: 'MIT', url: 'https://opensource.org/license/mit', commercialUse: true },
    sizeBytes: 1000,
    source: 'local',
    ...extra,
  };
}
