// ALLOWED_ORIGINS is read strictly, the return origin is only ever an allowed one, and the start-up warning
// fires exactly when PUBLIC_URL is a loopback address while the gateway listens on every interface.
import { ConfigError, parseConfig } from '@pictura/common/config';
import { describe, expect, it } from 'vitest';
import { gatewayConfigShape } from './config.ts';
import { allowedOrigins, publicUrlWarning, returnOriginOf } from './return-origin.ts';

const parse = (env: Record<string, string>) => parseConfig(gatewayConfigShape, env);

describe('ALLOWED_ORIGINS', () => {
  it('defaults to PUBLIC_URL’s origin and adds the listed ones, normalised', () => {
    expect(allowedOrigins(parse({}))).toEqual(['http://localhost:8080']);
    const config = parse({
      PUBLIC_URL: 'https://pictura.example/',
      ALLOWED_ORIGINS: ' http://192.168.1.20:8080 , HTTPS://Pictura.Example:443,',
    });
    expect(allowedOrigins(config)).toEqual(['https://pictura.example', 'http://192.168.1.20:8080']);
  });

  it('refuses at start anything that is not an origin, naming it', () => {
    for (const value of ['pictura.example', 'https://pictura.example/app', 'ftp://files.example', '*']) {
      expect(() => parse({ ALLOWED_ORIGINS: value })).toThrow(ConfigError);
      expect(() => parse({ ALLOWED_ORIGINS: value })).toThrow(/ALLOWED_ORIGINS.*is not an origin/s);
    }
  });
});

describe('return origin', () => {
  const allowed = ['https://pictura.example', 'http://192.168.1.20:8080'];
  it('is the Origin (or Referer) when allowed, else PUBLIC_URL’s', () => {
    expect(returnOriginOf({ origin: 'http://192.168.1.20:8080' }, allowed)).toBe('http://192.168.1.20:8080');
    expect(returnOriginOf({ referer: 'http://192.168.1.20:8080/en/pricing?x=1' }, allowed)).toBe(
      'http://192.168.1.20:8080',
    );
    for (const headers of [
      { origin: 'https://evil.example' },
      { origin: 'https://pictura.example.evil.example' },
      { origin: 'http://pictura.example' },
      { origin: 'null', referer: 'https://evil.example/' },
      { referer: 'not a url' },
      {},
    ]) {
      expect(returnOriginOf(headers, allowed)).toBe('https://pictura.example');
    }
  });
});

describe('PUBLIC_URL start-up warning', () => {
  const warn = (PUBLIC_URL: string, HOST: string) =>
    publicUrlWarning({ PUBLIC_URL, HOST, ALLOWED_ORIGINS: [] });
  it('warns for a loopback PUBLIC_URL behind every interface', () => {
    for (const url of [
      'http://localhost:8080',
      'http://127.0.0.1:8080',
      'http://[::1]:8080',
      'http://127.0.1.1',
    ]) {
      for (const host of ['0.0.0.0', '::']) expect(warn(url, host)).toMatch(/PUBLIC_URL is .* loopback/);
    }
  });
  it('stays quiet when either is not the case', () => {
    expect(warn('http://localhost:8080', 'localhost')).toBeUndefined();
    expect(warn('http://localhost:8080', '127.0.0.1')).toBeUndefined();
    expect(warn('https://pictura.example', '0.0.0.0')).toBeUndefined();
    expect(warn('http://192.168.1.20:8080', '::')).toBeUndefined();
  });
});
