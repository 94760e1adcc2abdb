// The admin settings page's one record, kept by the services that own its parts: jobs (guest limit,
// banner, default models) and community (the tag limit). Both are checked before either saves, so a
// refused value leaves everything as it was, and the first refusal is the one the single store gave.

import type { CommunitySettings } from '@pictura/common/gen/community/v1/community_pb';
import type { SystemSettings } from '@pictura/common/gen/jobs/v1/jobs_pb';
import type { Static } from 'typebox';
import type { CommunityClient, JobsClient } from '../clients.ts';
import type { SettingsBody, SettingsUpdate } from './admin.schemas.ts';
import type { SettingsCache, SystemSettingsCache } from './admin.settings-cache.ts';

export interface AdminSettingsDeps {
  jobs: JobsClient;
  community: CommunityClient;
  guestDefault: number;
  caches: { jobs: SystemSettingsCache; community: SettingsCache<CommunitySettings> };
}

const toBody = (
  deps: AdminSettingsDeps,
  jobs: SystemSettings,
  community: CommunitySettings,
): SettingsBody => ({
  anonymous_generate_per_minute: jobs.anonymousGeneratePerMinute ?? null,
  anonymous_generate_per_minute_default: deps.guestDefault,
  maintenance_notice: jobs.maintenanceNotice,
  default_model: jobs.defaultModel,
  max_tags_per_post: community.maxTagsPerPost,
});

/** Read fresh, not from the caches: the admin edits what is stored. */
export async function readAdminSettings(deps: AdminSettingsDeps, requestId: string): Promise<SettingsBody> {
  const options = { requestId };
  const [jobs, community] = await Promise.all([
    deps.jobs.getSettings({}, options),
    deps.community.getSettings({}, options),
  ]);
  return toBody(deps, jobs, community);
}

/** Fields left out keep their stored value. */
export async function saveAdminSettings(
  deps: AdminSettingsDeps,
  callerId: number,
  body: Static<typeof SettingsUpdate>,
  requestId: string,
): Promise<SettingsBody> {
  const options = { requestId };
  const [current, currentCommunity] = await Promise.all([
    deps.jobs.getSettings({}, options),
    deps.community.getSettings({}, options),
  ]);
  const jobsRequest = {
    callerId,
    settings: {
      anonymousGeneratePerMinute:
        body.anonymous_generate_per_minute === undefined
          ? current.anonymousGeneratePerMinute
          : (body.anonymous_generate_per_minute ?? undefined),
      maintenanceNotice: body.maintenance_notice ?? current.maintenanceNotice,
      defaultModel: body.default_model ?? current.defaultModel,
      // Chosen on the Models page (PUT /api/admin/models/defaults); kept as stored here.
      defaultUpscaleModel: current.defaultUpscaleModel,
      defaultSafetyModel: current.defaultSafetyModel,
    },
  };
  const communityRequest = {
    callerId,
    maxTagsPerPost: body.max_tags_per_post ?? currentCommunity.maxTagsPerPost,
  };
  await deps.jobs.updateSettings({ ...jobsRequest, validateOnly: true }, options);
  await deps.community.updateSettings({ ...communityRequest, validateOnly: true }, options);
  const saved = await deps.jobs.updateSettings(jobsRequest, options);
  const savedCommunity = await deps.community.updateSettings(communityRequest, options);
  deps.caches.jobs.remember(saved);
  deps.caches.community.remember(savedCommunity);
  return toBody(deps, saved, savedCommunity);
}
