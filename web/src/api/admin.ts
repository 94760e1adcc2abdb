// The admin console's calls (/api/admin/*): dashboard statistics, users, the report queue, community
// statistics, content management, system settings, and the sales and support inbox.
import type { GrantablePlan } from '@pictura/common/plan-catalog';
import { requestJson } from './http.ts';

/** One UTC day of a per-day series (`day` is YYYY-MM-DD), oldest first. */
export interface DayCount {
  day: string;
  count: number;
}

export interface AdminStats {
  total_users: number;
  active_users_30d: number;
  new_users_7d: number;
  /** Hidden posts included. */
  total_posts: number;
  generations_per_day: DayCount[];
  upscales_per_day: DayCount[];
  signups_per_day: DayCount[];
}

export interface AdminUser {
  id: number;
  name: string;
  username: string;
  /** Empty when unset. */
  email: string;
  /** Empty means the default avatar. */
  picture: string;
  avatar?: string;
  role: string;
  is_admin: boolean;
  banned: boolean;
  created_at: string;
}

export type UserAction = 'ban' | 'unban' | 'admin' | 'unadmin';

export type ReportStatus = 'open' | 'actioned' | 'dismissed';

export interface AdminPostImage {
  url: string;
  width: number;
  height: number;
  flagged: boolean;
}

export interface AdminReport {
  id: string;
  post_id: string;
  reason: string;
  details: string;
  status: ReportStatus;
  reported_at: string;
  resolved_at: string | null;
  reporter: { id: number; name: string };
  /** The admin who approved or rejected it. */
  resolved_by: number | null;
  /** Null when the post is gone (deleted). */
  post: {
    id: string;
    title: string;
    image: AdminPostImage;
    author: { id: number; name: string };
    status: string;
  } | null;
}

export interface CommunityStats {
  total_posts: number;
  total_likes: number;
  open_reports: number;
  posts_per_day: DayCount[];
  likes_per_day: DayCount[];
  reports_per_day: DayCount[];
  top_tags: { tag: string; count: number }[];
}

export type PostStatusFilter = '' | 'visible' | 'hidden';

export interface AdminPost {
  id: string;
  title: string;
  description: string;
  prompt: string;
  tags: string[];
  image: AdminPostImage;
  author: { id: number; name: string; avatar: string };
  likes: number;
  views: number;
  created_at: string;
  status: 'visible' | 'hidden';
  /** Hidden from everyone while the author is banned. */
  author_banned: boolean;
  hidden_at: string | null;
}

export interface SystemSettings {
  /** Null: the server's configured default applies. */
  anonymous_generate_per_minute: number | null;
  anonymous_generate_per_minute_default: number;
  maintenance_notice: string;
  /** Empty for the built-in default. */
  default_model: string;
  max_tags_per_post: number;
}

export type SettingsUpdate = Partial<
  Pick<
    SystemSettings,
    'anonymous_generate_per_minute' | 'maintenance_notice' | 'default_model' | 'max_tags_per_post'
  >
>;

export interface SupportRequest {
  id: number;
  kind: 'sales' | 'support' | string;
  user_id: number | null;
  name: string;
  email: string;
  company: string;
  message: string;
  /** The sender's plan when they wrote. */
  plan: string;
  created_at: string;
  /** new until an admin marks it answered. */
  status: SupportRequestStatus;
  answered_at: string | null;
}

export type SupportRequestStatus = 'new' | 'answered';

export type { GrantablePlan };

/** A plan given by an administrator: `months` (1 to 36) or `ends_at` (a date after today). */
export interface PlanGrantInput {
  plan: GrantablePlan;
  months?: number;
  ends_at?: string;
  note?: string;
}

export interface PlanGrant {
  /** The subscription it created. */
  id: number;
  user_id: number;
  plan: string;
  plan_id: string;
  status: string;
  provider: 'grant';
  ends_at: string | null;
  note: string;
  granted_by: number;
  created_at: string;
}

export interface Page<T> {
  items: T[];
  next_cursor: string | null;
}

function query(params: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

export function fetchAdminStats(days: number, signal?: AbortSignal): Promise<AdminStats> {
  return requestJson<AdminStats>(`/api/admin/stats${query({ days })}`, { signal });
}

export function fetchSupportRequests(
  page: { cursor?: string; limit?: number; status?: SupportRequestStatus | '' },
  signal?: AbortSignal,
): Promise<Page<SupportRequest>> {
  return requestJson(`/api/admin/support-requests${query(page)}`, { signal });
}

export function fetchAdminUsers(
  page: { q?: string; cursor?: string; limit?: number },
  signal?: AbortSignal,
): Promise<Page<AdminUser>> {
  return requestJson(`/api/admin/users${query(page)}`, { signal });
}

export async function changeUser(id: number, action: UserAction): Promise<AdminUser> {
  const body = await requestJson<{ user: AdminUser }>(`/api/admin/users/${id}/${action}`, { method: 'POST' });
  return body.user;
}

export function grantPlan(userId: number, input: PlanGrantInput): Promise<PlanGrant> {
  return requestJson(`/api/admin/users/${userId}/plan-grants`, {
    method: 'POST',
    body: JSON.stringify(input),
  });
}

export function fetchAdminReports(
  page: { status: ReportStatus; cursor?: string; limit?: number },
  signal?: AbortSignal,
): Promise<Page<AdminReport>> {
  return requestJson(`/api/admin/reports${query(page)}`, { signal });
}

export function resolveReport(id: string, decision: 'approve' | 'reject'): Promise<AdminReport> {
  return requestJson(`/api/admin/reports/${encodeURIComponent(id)}/${decision}`, { method: 'POST' });
}

export function fetchCommunityStats(days: number, signal?: AbortSignal): Promise<CommunityStats> {
  return requestJson(`/api/admin/community-stats${query({ days })}`, { signal });
}

export function fetchAdminPosts(
  page: { status?: PostStatusFilter; q?: string; cursor?: string; limit?: number },
  signal?: AbortSignal,
): Promise<Page<AdminPost>> {
  return requestJson(`/api/admin/posts${query(page)}`, { signal });
}

export function changePost(id: string, action: 'hide' | 'restore'): Promise<AdminPost> {
  return requestJson(`/api/admin/posts/${encodeURIComponent(id)}/${action}`, { method: 'POST' });
}

export function deletePost(id: string): Promise<{ success: boolean }> {
  return requestJson(`/api/admin/posts/${encodeURIComponent(id)}`, { method: 'DELETE' });
}

export function fetchSystemSettings(signal?: AbortSignal): Promise<SystemSettings> {
  return requestJson('/api/admin/settings', { signal });
}

export function saveSystemSettings(update: SettingsUpdate): Promise<SystemSettings> {
  return requestJson('/api/admin/settings', { method: 'PUT', body: JSON.stringify(update) });
}
