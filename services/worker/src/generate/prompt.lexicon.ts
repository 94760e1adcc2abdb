// Words whose meaning the abstract model honours: colour and scene words tint the palette.
// Everything else is hashed; these get their own table rows (ids 1..n) and an RGB tint.

const WORD_TINTS: ReadonlyArray<readonly [string[], [number, number, number]]> = [
  [
    ['red', 'crimson', 'scarlet', 'rouge', 'rot', 'rojo', 'rosso', 'vermelho', 'красный', '赤', '红', '紅'],
    [0.85, 0.12, 0.12],
  ],
  [
    ['orange', 'amber', 'naranja', 'arancione', 'laranja', 'оранжевый', '橙'],
    [0.95, 0.5, 0.1],
  ],
  [
    ['yellow', 'lemon', 'jaune', 'gelb', 'amarillo', 'giallo', 'amarelo', 'жёлтый', 'желтый', '黄'],
    [0.95, 0.85, 0.2],
  ],
  [
    ['gold', 'golden', 'oro', 'ouro', 'золотой', '金'],
    [0.9, 0.7, 0.25],
  ],
  [
    ['green', 'emerald', 'vert', 'grün', 'verde', 'зелёный', 'зеленый', '緑', '绿'],
    [0.2, 0.7, 0.3],
  ],
  [
    ['blue', 'azure', 'navy', 'bleu', 'blau', 'azul', 'blu', 'синий', 'голубой', '青', '蓝', '藍'],
    [0.15, 0.35, 0.9],
  ],
  [
    ['purple', 'violet', 'lavender', 'lila', 'morado', 'viola', 'roxo', 'фиолетовый', '紫'],
    [0.55, 0.25, 0.8],
  ],
  [
    ['pink', 'rose', 'rosa', 'розовый', '桃'],
    [0.95, 0.5, 0.7],
  ],
  [
    ['magenta', 'fuchsia'],
    [0.9, 0.15, 0.75],
  ],
  [
    ['cyan', 'teal', 'turquoise', 'aqua'],
    [0.15, 0.75, 0.8],
  ],
  [
    ['brown', 'chocolate', 'coffee', 'wood', 'braun', 'marrón', 'marron', '茶'],
    [0.45, 0.28, 0.15],
  ],
  [
    ['black', 'dark', 'noir', 'schwarz', 'negro', 'nero', 'preto', 'чёрный', 'черный', '黒', '黑'],
    [0.05, 0.05, 0.07],
  ],
  [
    ['white', 'blanc', 'weiß', 'weiss', 'blanco', 'bianco', 'branco', 'белый', '白'],
    [0.93, 0.93, 0.9],
  ],
  [
    ['grey', 'gray', 'silver', 'fog', 'mist', 'grau', 'gris', 'серый'],
    [0.6, 0.6, 0.62],
  ],
  [
    ['sunset', 'sunrise', 'dusk', 'dawn', 'coucher'],
    [0.95, 0.45, 0.3],
  ],
  [
    ['fire', 'flame', 'lava', 'volcano', 'feu', 'feuer', 'fuego', 'огонь', '火'],
    [0.95, 0.3, 0.05],
  ],
  [
    ['ocean', 'sea', 'water', 'wave', 'waves', 'lake', 'river', 'mer', 'meer', 'mar', 'море', '海', '水'],
    [0.1, 0.45, 0.7],
  ],
  [
    ['sky', 'ciel', 'himmel', 'cielo', 'небо', '空', '天'],
    [0.45, 0.7, 0.95],
  ],
  [
    [
      'forest',
      'jungle',
      'tree',
      'trees',
      'leaf',
      'leaves',
      'grass',
      'forêt',
      'wald',
      'bosque',
      'лес',
      '森',
      '林',
    ],
    [0.15, 0.5, 0.2],
  ],
  [
    ['night', 'midnight', 'space', 'galaxy', 'nuit', 'nacht', 'noche', 'ночь', '夜'],
    [0.1, 0.08, 0.3],
  ],
  [
    ['snow', 'ice', 'frost', 'winter', 'glacier', 'neige', 'schnee', 'nieve', 'снег', '雪', '氷'],
    [0.8, 0.9, 0.98],
  ],
  [
    ['desert', 'sand', 'dune', 'beach', 'sable', 'arena', 'песок', '砂'],
    [0.9, 0.75, 0.5],
  ],
  [
    ['autumn', 'fall', 'automne', 'herbst', 'otoño', 'осень', '秋'],
    [0.8, 0.4, 0.12],
  ],
  [
    [
      'spring',
      'flower',
      'flowers',
      'blossom',
      'bloom',
      'printemps',
      'frühling',
      'primavera',
      'весна',
      '春',
      '花',
    ],
    [0.95, 0.7, 0.8],
  ],
  [
    ['neon', 'cyberpunk', 'synthwave'],
    [0.8, 0.2, 0.9],
  ],
];

export interface PromptLexicon {
  /** word → table row (1-based; row 0 is padding). */
  readonly rows: ReadonlyMap<string, number>;
  /** Row count used by the lexicon including the padding row; hashed words start here. */
  readonly reserved: number;
  /** RGB tint per lexicon row, indexed by row. */
  readonly tints: ReadonlyArray<readonly [number, number, number]>;
}

export function buildPromptLexicon(): PromptLexicon {
  const rows = new Map<string, number>();
  const tints: Array<readonly [number, number, number]> = [[0, 0, 0]];
  for (const [words, tint] of WORD_TINTS) {
    for (const word of words) {
      if (rows.has(word)) continue;
      rows.set(word, tints.length);
      tints.push(tint);
    }
  }
  return { rows, reserved: tints.length, tints };
}
