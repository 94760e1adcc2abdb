import { describe, expect, it } from 'vitest';
import { webhookUrlRefusal } from './webhook-url.ts';

describe('which webhook URLs are accepted', () => {
  it.each([
    'http://10.0.0.1/hook',
    'http://169.254.169.254/latest',
    'http://[::ffff:169.254.169.254]/',
    'http://[::ffff:a9fe:a9fe]/',
    'http://[fd00:ec2::254]/',
    'http://2130706433/',
    'http://0x7f.1/',
    'http://127.0.0.1:8080/hook',
    'http://[::1]/hook',
    'http://192.168.1.20/hook',
    'http://metadata.google.internal/',
    'http://localhost/hook',
    'http://redis/',
  ])('refuses %s (a refused address, no DNS asked)', (url) => {
    expect(webhookUrlRefusal(url)).toMatchObject({ error: 'webhook_url_refused' });
  });

  it.each([
    ['ftp://example.com/hook', /http or https/],
    ['not a url', /not a valid URL/],
    ['https://user:pw@example.com/hook', /user name or password/],
    [`https://example.com/${'a'.repeat(2048)}`, /at most 2048/],
  ])('refuses %s with a reason', (url, message) => {
    expect(webhookUrlRefusal(url)?.message).toMatch(message);
  });

  it('accepts public names and addresses, and "" for none', () => {
    expect(webhookUrlRefusal('https://hooks.example.com/pictura?x=1')).toBeNull();
    expect(webhookUrlRefusal('http://93.184.216.34:8443/hook')).toBeNull();
    expect(webhookUrlRefusal('https://[2606:4700::1111]/hook')).toBeNull();
    expect(webhookUrlRefusal('')).toBeNull();
  });

  it('lets loopback literals through only when loopback is allowed (tests), never other private ranges', () => {
    expect(webhookUrlRefusal('http://127.0.0.1:9000/hook', { allowLoopback: true })).toBeNull();
    expect(webhookUrlRefusal('http://[::1]:9000/hook', { allowLoopback: true })).toBeNull();
    expect(webhookUrlRefusal('http://10.0.0.1/hook', { allowLoopback: true })).not.toBeNull();
    expect(webhookUrlRefusal('http://[::ffff:127.0.0.1]/', { allowLoopback: true })).not.toBeNull();
  });
});
