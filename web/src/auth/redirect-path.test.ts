import { describe, expect, it } from 'vitest';
import { safeRedirectPath } from './redirect-path.ts';

describe('the remembered path after sign-in', () => {
  it('accepts paths on this site', () => {
    expect(safeRedirectPath('/history')).toBe('/history');
    expect(safeRedirectPath('/ja/settings?tab=billing')).toBe('/ja/settings?tab=billing');
  });

  it('refuses other sites and odd values', () => {
    expect(safeRedirectPath('//evil.example/x')).toBeNull();
    expect(safeRedirectPath('https://evil.example')).toBeNull();
    expect(safeRedirectPath('/\\evil.example')).toBeNull();
    expect(safeRedirectPath(undefined)).toBeNull();
  });
});
