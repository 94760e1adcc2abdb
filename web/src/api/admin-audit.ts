// The admin audit log (/api/admin/audit) and the support requests' status: who did what as an
// administrator, merged from every service by the gateway, newest first.
import type { Page, SupportRequest, SupportRequestStatus } from './admin.ts';
import { requestJson } from './http.ts';

export const AUDIT_AREAS = ['auth', 'community', 'jobs', 'billing'] as const;
export type AuditArea = (typeof AUDIT_AREAS)[number];

export interface AuditEntry {
  id: string;
  area: AuditArea;
  /** The admin; `name` is null once the account is deleted. */
  actor: { id: number; name: string | null };
  /** `<thing>.<verb>`, e.g. user.ban, post.hide, settings.update. */
  action: string;
  target_type: string;
  target_id: string;
  /** The fields the action changed, as they were and as they became. */
  before: Record<string, unknown> | null;
  after: Record<string, unknown> | null;
  created_at: string;
}

/** Empty fields mean "any"; `from` and `to` are days (YYYY-MM-DD), both included. */
export interface AuditFilter {
  actor: string;
  action: string;
  area: AuditArea | '';
  target: string;
  from: string;
  to: string;
}

export const NO_AUDIT_FILTER: AuditFilter = { actor: '', action: '', area: '', target: '', from: '', to: '' };

export function fetchAuditLog(
  filter: AuditFilter,
  cursor: string,
  signal?: AbortSignal,
): Promise<Page<AuditEntry>> {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries({ ...filter, cursor, limit: '50' })) {
    const text = value.trim();
    if (text) search.set(key, text);
  }
  return requestJson(`/api/admin/audit?${search}`, { signal });
}

export function setSupportRequestStatus(id: number, status: SupportRequestStatus): Promise<SupportRequest> {
  return requestJson(`/api/admin/support-requests/${id}/status`, {
    method: 'PUT',
    body: JSON.stringify({ status }),
  });
}
