// Pictura Scenes' benchmark judge: each prompt of bench/scenes/prompts.json (written the way people write,
// labelled with the English words a right picture may show) against the scene the product reads and paints.
// - main subject drawn: a drawn thing (or, for a prompt whose subject is a place, the painted place) answers
//   to one of the main subject's words;
// - all things drawn: the main subject and every other thing labelled;
// - setting drawn: every labelled aspect of the setting (place, time, weather, season) is painted;
// - wrong subject: a thing drawn that answers to none of the prompt's labels.
// A drawn thing answers to a word when the word is its name or part of it ("apple" of "red apple"), or when
// the product's own English dictionary reads that word as that thing ("car" → automobile).
import { readFileSync } from 'node:fs';
import type { SceneLexicon } from '../../services/worker/src/generate/scene/scene.lexicon.ts';
import { englishSingulars, normalise } from '../../services/worker/src/generate/scene/scene.lexicon.ts';
import type { ReadScene } from '../../services/worker/src/generate/scene/scene.reader.ts';
import { paintedSetting } from '../../services/worker/src/generate/scene/scene.setting.ts';

export interface BenchPrompt {
  id: string;
  lang: string;
  kind: string;
  prompt: string;
  main: string[];
  others: string[][];
  setting: string[][];
}

export function loadBenchPrompts(): BenchPrompt[] {
  const path = new URL('./prompts.json', import.meta.url);
  return (JSON.parse(readFileSync(path, 'utf8')) as { prompts: BenchPrompt[] }).prompts;
}

export interface Verdict {
  main: boolean;
  all: boolean;
  /** Undefined when the prompt names no setting. */
  setting?: boolean;
  wrong: string[];
}

function answersTo(thing: ReadScene['things'][number], word: string, lexicon: SceneLexicon): boolean {
  // Singular and plural are the same thing ("hot springs" answers to "hot spring").
  const singular = (text: string) =>
    normalise(text)
      .split(' ')
      .map((part) => englishSingulars(part).find((s) => s.length > 2) ?? part)
      .join(' ');
  const name = singular(thing.name);
  const w = singular(word);
  if (name === w || ` ${name} `.includes(` ${w} `)) return true;
  // A broader word for the drawn thing ("vehicle" for an automobile, "boat" for a speedboat).
  if (
    thing.concept !== undefined &&
    lexicon.concepts[thing.concept]!.kinds.some((kind) => singular(kind) === w)
  )
    return true;
  const english = lexicon.languages.en.phrases;
  for (const form of [w, ...englishSingulars(w)]) {
    const entry = english.get(form);
    if (entry?.kind !== 'thing') continue;
    if (thing.concept !== undefined && entry.concept === thing.concept) return true;
    if (thing.prop !== undefined && entry.prop === thing.prop) return true;
  }
  return false;
}

export function judge(prompt: BenchPrompt, scene: ReadScene, lexicon: SceneLexicon): Verdict {
  const painted = paintedSetting(scene);
  const settingNames = new Set<string>(
    [...scene.places, painted.place, painted.time, painted.weather, painted.season].filter(
      (name): name is NonNullable<typeof name> => Boolean(name),
    ),
  );
  const drawn = (words: string[]) =>
    scene.things.some((thing) => words.some((word) => answersTo(thing, word, lexicon))) ||
    words.some((word) => settingNames.has(normalise(word)));
  const main = drawn(prompt.main);
  const all = main && prompt.others.every((words) => drawn(words));
  const setting = prompt.setting.length
    ? prompt.setting.every((words) => words.some((word) => settingNames.has(word)))
    : undefined;
  const labels = [prompt.main, ...prompt.others, ...prompt.setting].flat();
  const wrong = scene.things
    .filter((thing) => !labels.some((word) => answersTo(thing, word, lexicon)))
    .map((thing) => thing.name);
  return { main, all, ...(setting !== undefined ? { setting } : {}), wrong };
}

export interface Tally {
  n: number;
  main: number;
  all: number;
  settingN: number;
  setting: number;
  wrong: number;
}

export function tally(verdicts: Verdict[]): Tally {
  return {
    n: verdicts.length,
    main: verdicts.filter((v) => v.main).length,
    all: verdicts.filter((v) => v.all).length,
    settingN: verdicts.filter((v) => v.setting !== undefined).length,
    setting: verdicts.filter((v) => v.setting).length,
    wrong: verdicts.filter((v) => v.wrong.length > 0).length,
  };
}
