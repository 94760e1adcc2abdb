// The system settings every visitor sees (set by administrators, applied without restart).
import { requestJson } from './http.ts';

export interface PublicSettings {
  /** Shown at the top of every page while not empty. */
  maintenance_notice: string;
  max_tags_per_post: number;
}

export function fetchPublicSettings(signal?: AbortSignal): Promise<PublicSettings> {
  return requestJson<PublicSettings>('/api/settings/public', { signal });
}
