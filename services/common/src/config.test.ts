import { describe, expect, it } from 'vitest';
import { baseConfigShape, ConfigError, parseConfig } from './config.ts';

describe('configuration', () => {
  it('fills defaults for an empty environment', () => {
    const config = parseConfig(baseConfigShape, {});
    expect(config.REDIS_URL).toBe('redis://127.0.0.1:6379');
    expect(config.DATABASE_URL).toBeUndefined();
    expect(Object.isFrozen(config)).toBe(true);
  });

  it('names every bad variable', () => {
    const parse = () =>
      parseConfig(baseConfigShape, { REDIS_URL: 'not a url', JOBS_ADDR: 'nowhere', LOG_LEVEL: 'loud' });
    expect(parse).toThrow(ConfigError);
    try {
      parse();
    } catch (error) {
      const message = (error as Error).message;
      expect(message).toContain('REDIS_URL');
      expect(message).toContain('JOBS_ADDR');
      expect(message).toContain('LOG_LEVEL');
    }
  });

  it('treats an empty value as unset', () => {
    expect(parseConfig(baseConfigShape, { DATABASE_URL: '' }).DATABASE_URL).toBeUndefined();
  });
});
