import { describe, expect, it } from 'vitest';
import { isTestCard, TEST_CARD_DIGITS, TEST_CARD_DISPLAY } from './test-card.ts';

describe('the test card', () => {
  it('is shown in groups of four and compared as digits', () => {
    expect(TEST_CARD_DISPLAY.split(' ').map((group) => group.length)).toEqual([4, 4, 4, 4]);
    expect(TEST_CARD_DIGITS).toMatch(/^\d{16}$/);
  });

  it('accepts the number however it is grouped, and no other', () => {
    expect(isTestCard(TEST_CARD_DISPLAY)).toBe(true);
    expect(isTestCard(TEST_CARD_DIGITS)).toBe(true);
    expect(isTestCard(TEST_CARD_DISPLAY.replace(/ /g, '-'))).toBe(true);
    expect(isTestCard(`${TEST_CARD_DIGITS.slice(0, -1)}1`)).toBe(false);
    expect(isTestCard('')).toBe(false);
    expect(isTestCard(undefined)).toBe(false);
  });
});
