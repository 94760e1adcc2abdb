import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/http.ts';
import { adminErrorText } from './admin-errors.ts';

describe('adminErrorText', () => {
  it('names the refusals an admin meets on their own account', () => {
    expect(adminErrorText(new ApiError(400, 'cannot_ban', 'This account cannot be banned'), 'x')).toEqual({
      key: 'errors.cannotBan',
    });
    expect(
      adminErrorText(
        new ApiError(400, 'cannot_demote_self', 'You cannot remove your own administrator role'),
        'x',
      ),
    ).toEqual({ key: 'errors.cannotDemoteSelf' });
  });

  it('says a report was handled already by someone else', () => {
    expect(adminErrorText(new ApiError(409, 'report_handled', 'handled'), 'x')).toEqual({
      key: 'errors.reportHandled',
    });
  });

  it("shows the server's own message for other refusals, or the fallback without one", () => {
    expect(
      adminErrorText(new ApiError(400, 'invalid_settings', 'Tags per post must be between 1 and 20'), 'x'),
    ).toEqual({
      text: 'Tags per post must be between 1 and 20',
    });
    expect(adminErrorText(new ApiError(400, 'http_error', ''), 'users.actionFailed')).toEqual({
      key: 'users.actionFailed',
    });
  });

  it('never shows a server fault or a network failure as raw text', () => {
    expect(adminErrorText(new ApiError(503, 'unavailable', 'upstream said no'), 'x')).toEqual({
      key: 'errors.server',
    });
    expect(adminErrorText(new TypeError('Failed to fetch'), 'x')).toEqual({ key: 'errors.network' });
    expect(adminErrorText(new Error('?'), 'settings.saveFailed')).toEqual({ key: 'settings.saveFailed' });
  });
});
