// What an admin is told when a call fails: the gateway's error codes that the console expects get a
// translated sentence of their own (under `errors.` in the admin namespace); anything else shows the
// server's message, or the action's own fallback when there is none.
import { ApiError } from '../../api/http.ts';

export type AdminErrorText = { key: string } | { text: string };

const KEY_BY_CODE: Record<string, string> = {
  cannot_ban: 'errors.cannotBan',
  cannot_demote_self: 'errors.cannotDemoteSelf',
  user_not_found: 'errors.userNotFound',
  report_handled: 'errors.reportHandled',
  report_not_found: 'errors.reportNotFound',
  post_not_found: 'errors.postNotFound',
  no_open_reports: 'errors.noOpenReports',
  report_not_dismissed: 'errors.reportNotDismissed',
  report_open_again: 'errors.reportOpenAgain',
  appeal_handled: 'errors.appealHandled',
  appeal_not_found: 'errors.appealNotFound',
  forbidden: 'errors.forbidden',
  rate_limited: 'errors.rateLimited',
  unknown_model: 'errors.unknownModel',
  already_running: 'errors.modelBusy',
  already_installed: 'errors.modelInstalled',
  unknown_plan: 'errors.grantInvalid',
  invalid_months: 'errors.grantInvalid',
  invalid_grant_period: 'errors.grantInvalid',
  ends_at_in_past: 'errors.grantInvalid',
  note_too_long: 'errors.grantInvalid',
};

/** One item of a bulk action: its error code's sentence, or the server's message. */
export function bulkErrorText(code: string | null, message: string | null): AdminErrorText {
  const key = code ? KEY_BY_CODE[code] : undefined;
  return key ? { key } : message ? { text: message } : { key: 'errors.server' };
}

export function adminErrorText(error: unknown, fallbackKey: string): AdminErrorText {
  if (error instanceof ApiError) {
    const key = KEY_BY_CODE[error.code];
    if (key) return { key };
    if (error.status >= 500) return { key: 'errors.server' };
    return error.message ? { text: error.message } : { key: fallbackKey };
  }
  // fetch rejects with a TypeError when the network is down.
  if (error instanceof TypeError) return { key: 'errors.network' };
  return { key: fallbackKey };
}
