// A prompt check that marks outputs which may not suit public viewing (spec: flagged content notice).
// Word lists cover the product's 16 languages for the clearest cases; it flags, it never refuses.
const TERMS = [
  // en
  'nude',
  'nudity',
  'naked',
  'nsfw',
  'porn',
  'porno',
  'pornographic',
  'sex',
  'sexual',
  'explicit',
  'hentai',
  'topless',
  'genitals',
  'gore',
  'gory',
  'decapitated',
  'dismembered',
  'corpse',
  'bloodbath',
  'erotic',
  // es, pt, it, fr, de
  'desnudo',
  'desnuda',
  'desnudos',
  'pornografía',
  'nue',
  'pornographie',
  'érotique',
  'nackt',
  'pornografie',
  'erotisch',
  'nudo',
  'nuda',
  'pornografia',
  'pelado',
  'pelada',
  // ru
  'голый',
  'голая',
  'обнажённая',
  'обнаженная',
  'порно',
  'эротика',
  // id, ms
  'telanjang',
  'bugil',
  'porno',
  // vi
  'khỏa thân',
  'khiêu dâm',
  // ar
  'عاري',
  'عارية',
  'إباحي',
  'اباحي',
];

const CJK_THAI_TERMS = [
  '裸体',
  '裸體',
  '色情',
  '成人内容',
  'ヌード',
  'エロ',
  '포르노',
  '누드',
  '나체',
  'โป๊',
  'เปลือย',
  'ลามก',
];

const WORD_PATTERN = new RegExp(
  `(^|[^\\p{L}\\p{N}])(${TERMS.map(escapeRegExp).join('|')})(?=$|[^\\p{L}\\p{N}])`,
  'iu',
);

function escapeRegExp(term: string): string {
  return term.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

export function isPromptFlagged(prompt: string): boolean {
  const text = prompt.normalize('NFC').toLowerCase();
  return WORD_PATTERN.test(text) || CJK_THAI_TERMS.some((term) => text.includes(term));
}
