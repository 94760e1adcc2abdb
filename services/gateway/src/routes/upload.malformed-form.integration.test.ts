import { describe, expect, it } from 'vitest';
import { gatewayAppForSuite } from '../../../../test/support/gateway-app.ts';

// A form the multipart parser cannot read is the client's mistake: 400 in the upload calls' documented shape,
// never a 500 (issue 17's fuzz found these).
describe('an unreadable upload form', () => {
  const gateway = gatewayAppForSuite();

  it.each([
    ['without a boundary', 'multipart/form-data', 'no boundary'],
    ['with nothing but garbage', 'multipart/form-data; boundary=x', 'garbage'],
    [
      'cut short',
      'multipart/form-data; boundary=x',
      '--x\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n\r\nabc',
    ],
  ])('answers 400 to a form %s', async (_, contentType, payload) => {
    const res = await gateway.app.inject({
      method: 'POST',
      url: '/api/upload/image',
      headers: { 'content-type': contentType },
      payload,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      success: false,
      error: 'The form could not be read; send multipart/form-data with a boundary',
    });
  });
});
