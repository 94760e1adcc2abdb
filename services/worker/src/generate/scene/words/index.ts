// The structure words of the scene reader's 16 languages (see scene-words.ts).
import type { Locale } from '@pictura/common/locales';
import { ar } from './ar.ts';
import { de } from './de.ts';
import { en } from './en.ts';
import { es } from './es.ts';
import { fr } from './fr.ts';
import { id } from './id.ts';
import { it } from './it.ts';
import { ja } from './ja.ts';
import { ko } from './ko.ts';
import { ms } from './ms.ts';
import { pt } from './pt.ts';
import { ru } from './ru.ts';
import type { SceneWords } from './scene-words.ts';
import { th } from './th.ts';
import { vi } from './vi.ts';
import { zhCN } from './zh-CN.ts';
import { zhTW } from './zh-TW.ts';

export const SCENE_WORDS: Record<Locale, SceneWords> = {
  en,
  'zh-CN': zhCN,
  'zh-TW': zhTW,
  ja,
  ko,
  es,
  fr,
  de,
  it,
  pt,
  ru,
  ar,
  id,
  ms,
  th,
  vi,
};
