import { describe, expect, it } from 'vitest';
import { withoutSecrets } from './request-log.ts';

describe('request log', () => {
  it('keeps credentials in a URL out of the log line', () => {
    expect(withoutSecrets('/api/jobs/1/events?access_token=eyJ.abc.def&x=1')).toBe(
      '/api/jobs/1/events?access_token=[redacted]&x=1',
    );
    expect(withoutSecrets('/v1/models?key=sk_live&token=t')).toBe(
      '/v1/models?key=[redacted]&token=[redacted]',
    );
    expect(withoutSecrets('/api/history?q=token')).toBe('/api/history?q=token');
  });
});
