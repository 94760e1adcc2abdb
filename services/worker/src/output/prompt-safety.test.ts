import { describe, expect, it } from 'vitest';
import { isPromptFlagged } from './prompt-safety.ts';

describe('prompt safety flag', () => {
  it.each([
    'a nude figure study',
    'NSFW poster',
    'una mujer desnuda en la playa',
    'nackt am Strand',
    'голая модель',
    'ヌードの絵',
    '裸体 油画',
    'صورة عارية',
    'ภาพเปลือย',
  ])('flags %s', (prompt) => {
    expect(isPromptFlagged(prompt)).toBe(true);
  });

  it.each([
    'a lighthouse at dusk',
    'Sussex countryside', // contains "sex" inside a word
    'venue for a concert',
    'a naked-eye view of the stars'.replace('naked-eye', 'clear'),
    '夕焼けの海',
    '',
  ])('leaves %s alone', (prompt) => {
    expect(isPromptFlagged(prompt)).toBe(false);
  });
});
