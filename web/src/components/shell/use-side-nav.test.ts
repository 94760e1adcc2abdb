import { describe, expect, it } from 'vitest';
import { initialCollapsed } from './use-side-nav.ts';

describe('side navigation start state', () => {
  it('starts collapsed under 768 px whatever was stored', () => {
    expect(initialCollapsed(true, null)).toBe(true);
    expect(initialCollapsed(true, 'false')).toBe(true);
  });

  it('follows the remembered state on wider windows, expanded by default', () => {
    expect(initialCollapsed(false, null)).toBe(false);
    expect(initialCollapsed(false, 'true')).toBe(true);
    expect(initialCollapsed(false, 'false')).toBe(false);
  });
});
