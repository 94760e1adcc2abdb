// The moderators' newer calls: open reports grouped by post, reopening a dismissed report, decisions on
// many report groups or posts at once (one result per item), and authors' appeals against takedowns.
import type { AdminPostImage, AdminReport, Page } from './admin.ts';
import { requestJson } from './http.ts';

export interface ReasonCount {
  reason: string;
  count: number;
}

export interface ModeratedPostSummary {
  id: string;
  title: string;
  image: AdminPostImage;
  author: { id: number; name: string };
  status: string;
}

/** The open reports on one post: one card in the queue. */
export interface ReportGroup {
  post_id: string;
  /** Null when the post is gone. */
  post: ModeratedPostSummary | null;
  count: number;
  /** Most frequent first. */
  reasons: ReasonCount[];
  latest_at: string;
  latest_report_id: string;
  /** The newest open reports (at most 3), newest first. */
  latest: {
    id: string;
    reason: string;
    details: string;
    reported_at: string;
    reporter: { id: number; name: string };
  }[];
}

export type ReportGroupSort = 'count' | 'latest';

export type AppealStatus = 'open' | 'restored' | 'upheld';

export interface AdminAppeal {
  id: string;
  post_id: string;
  author_id: number;
  message: string;
  status: AppealStatus;
  created_at: string;
  resolved_at: string | null;
  resolved_by: number | null;
  post: (ModeratedPostSummary & { takedown_reasons: ReasonCount[] }) | null;
}

export interface BulkResult {
  id: string;
  ok: boolean;
  /** When not ok: the code a single call would have answered, and its message. */
  error: string | null;
  message: string | null;
}

/** The most ids one bulk request takes (the gateway refuses more). */
export const BULK_MAX = 100;

const pageQuery = (params: Record<string, string | number | undefined>) => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
};

export function fetchReportGroups(
  page: { sort: ReportGroupSort; cursor?: string; limit?: number },
  signal?: AbortSignal,
): Promise<Page<ReportGroup>> {
  return requestJson(`/api/admin/reports/groups${pageQuery(page)}`, { signal });
}

export function reopenReport(id: string): Promise<AdminReport> {
  return requestJson(`/api/admin/reports/${encodeURIComponent(id)}/reopen`, { method: 'POST' });
}

export async function bulkResolveReports(
  decision: 'approve' | 'reject',
  postIds: string[],
): Promise<BulkResult[]> {
  const body = await requestJson<{ results: BulkResult[] }>('/api/admin/reports/bulk', {
    method: 'POST',
    body: JSON.stringify({ decision, post_ids: postIds }),
  });
  return body.results;
}

export async function bulkModeratePosts(
  action: 'hide' | 'restore',
  postIds: string[],
): Promise<BulkResult[]> {
  const body = await requestJson<{ results: BulkResult[] }>('/api/admin/posts/bulk', {
    method: 'POST',
    body: JSON.stringify({ action, post_ids: postIds }),
  });
  return body.results;
}

export function fetchAppeals(
  page: { status: AppealStatus; cursor?: string; limit?: number },
  signal?: AbortSignal,
): Promise<Page<AdminAppeal>> {
  return requestJson(`/api/admin/appeals${pageQuery(page)}`, { signal });
}

export function decideAppeal(id: string, decision: 'restore' | 'uphold'): Promise<AdminAppeal> {
  return requestJson(`/api/admin/appeals/${encodeURIComponent(id)}/${decision}`, { method: 'POST' });
}
