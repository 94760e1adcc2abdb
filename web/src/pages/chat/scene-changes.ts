// What a refinement changed in the picture, read from the two scenes Pictura Scenes reported (the image before
// and the image after, in one thread): things added, removed, moved, counted again or placed anew, and the
// setting that changed. The chat says it after the new image: "Added ☂️ umbrella · Now: night". Pure functions.
import {
  type ImageScene,
  SCENE_PLACES,
  SCENE_SEASONS,
  SCENE_TIMES,
  SCENE_WEATHERS,
  type ScenePosition,
  type SceneRelationName,
  type SceneSettingName,
  type SceneSubject,
} from '@pictura/common/scene';
import {
  isRelationName,
  listOf,
  relationPhrase,
  type SceneWords,
  settingName,
  type Translate,
  thingLabel,
  thingName,
} from '../../components/scene-text.ts';

export type SceneChange =
  | { kind: 'added'; subject: SceneSubject }
  | { kind: 'removed'; subject: SceneSubject }
  | { kind: 'moved'; subject: SceneSubject; position: ScenePosition }
  | { kind: 'count'; subject: SceneSubject; from: number; to: number }
  /** Two things that were already there now stand in a new relation ("put the cat on the couch"). */
  | { kind: 'placed'; subject: SceneSubject; relation: SceneRelationName; object: SceneSubject }
  /** Setting names that are new: a place, time of day, weather or season that changed or was added. */
  | { kind: 'setting'; now: SceneSettingName[] }
  /** Setting names that went with nothing of their kind in their place ("no more rain"). */
  | { kind: 'settingGone'; gone: SceneSettingName[] }
  /** The look the prompt's style words chose (generator style options: "watercolor"). */
  | { kind: 'style'; now: string[] };

const SETTING_KINDS: readonly (readonly string[])[] = [
  SCENE_PLACES,
  SCENE_TIMES,
  SCENE_WEATHERS,
  SCENE_SEASONS,
];

function settingKind(name: string): number {
  return SETTING_KINDS.findIndex((kind) => kind.includes(name));
}

/** Each thing of `after` with the thing of `before` it is (same name, the n-th of that name to the n-th). */
function matchSubjects(before: readonly SceneSubject[], after: readonly SceneSubject[]) {
  const unmatched = new Map<string, number[]>();
  before.forEach((subject, index) => {
    unmatched.set(subject.name, [...(unmatched.get(subject.name) ?? []), index]);
  });
  const pairs: [SceneSubject | undefined, SceneSubject][] = after.map((subject) => {
    const index = unmatched.get(subject.name)?.shift();
    return [index === undefined ? undefined : before[index], subject];
  });
  const removed = [...unmatched.values()].flat().sort((a, b) => a - b);
  return { pairs, removed: removed.map((index) => before[index]!) };
}

/** "cat|on|couch" for each relation whose ends exist: relations compared by what they join, not by index. */
function relationKeys(scene: ImageScene): Map<string, SceneChange & { kind: 'placed' }> {
  const keys = new Map<string, SceneChange & { kind: 'placed' }>();
  for (const { subject, relation, object } of scene.relations) {
    const a = scene.subjects[subject];
    const b = scene.subjects[object];
    if (!a || !b || !isRelationName(relation)) continue;
    keys.set(`${a.name}|${relation}|${b.name}`, { kind: 'placed', subject: a, relation, object: b });
  }
  return keys;
}

/** What differs from `before` to `after`, in the order it is said; empty when nothing drawn changed. */
export function sceneChanges(before: ImageScene, after: ImageScene): SceneChange[] {
  const changes: SceneChange[] = [];
  const { pairs, removed } = matchSubjects(before.subjects, after.subjects);
  for (const [was, subject] of pairs) {
    if (!was) changes.push({ kind: 'added', subject });
  }
  for (const subject of removed) changes.push({ kind: 'removed', subject });
  for (const [was, subject] of pairs) {
    if (!was) continue;
    if (was.count !== subject.count) {
      changes.push({ kind: 'count', subject, from: was.count, to: subject.count });
    }
    // A position the prompt no longer gives is not a move: the painter places the thing as it likes.
    if (subject.position && subject.position !== was.position) {
      changes.push({ kind: 'moved', subject, position: subject.position });
    }
  }
  const beforeNames = new Set(before.subjects.map((subject) => subject.name));
  const beforeRelations = relationKeys(before);
  for (const [key, placed] of relationKeys(after)) {
    // A relation with a new thing in it is told by "Added".
    if (beforeRelations.has(key) || !beforeNames.has(placed.subject.name)) continue;
    if (!beforeNames.has(placed.object.name)) continue;
    changes.push(placed);
  }
  const now = after.setting.filter((name) => !before.setting.includes(name));
  const kindsNow = new Set(after.setting.map(settingKind));
  const gone = before.setting.filter(
    (name) => !after.setting.includes(name) && !kindsNow.has(settingKind(name)),
  );
  if (now.length > 0) changes.push({ kind: 'setting', now });
  if (gone.length > 0) changes.push({ kind: 'settingGone', gone });
  const styles = after.style.filter((name) => !before.style.includes(name));
  if (styles.length > 0) changes.push({ kind: 'style', now: styles });
  return changes;
}

function changeText(change: SceneChange, words: SceneWords, t: Translate): string {
  switch (change.kind) {
    case 'added':
      return t('changes.added', { thing: thingLabel(change.subject, words) });
    case 'removed':
      return t('changes.removed', { thing: thingLabel(change.subject, words) });
    case 'moved':
      return t(`changes.moved.${change.position}`, { thing: thingName(change.subject, words) });
    case 'count':
      return t('changes.count', {
        thing: thingName(change.subject, words),
        from: change.from,
        to: change.to,
      });
    case 'placed':
      return t('changes.now', {
        what: relationPhrase(change.subject, change.relation, change.object, words),
      });
    case 'setting':
      return t('changes.now', {
        what: listOf(
          change.now.map((name) => settingName(name, words)),
          words,
        ),
      });
    case 'settingGone':
      return t('changes.gone', {
        what: listOf(
          change.gone.map((name) => settingName(name, words)),
          words,
        ),
      });
    case 'style':
      return t('changes.now', {
        what: listOf(
          change.now.map((name) => t(`translation:options.style.${name}`, { defaultValue: name })),
          words,
        ),
      });
  }
}

/**
 * The changes said in the reader's language, one short phrase each ("Added ☂️ umbrella · Now: night"), or
 * that nothing it could draw changed. `t` reads the chat's texts; `words` the shared scene texts and names.
 */
export function describeSceneChanges(
  changes: readonly SceneChange[],
  words: SceneWords,
  t: Translate,
): string {
  if (changes.length === 0) return t('changes.nothing');
  return changes.map((change) => changeText(change, words, t)).join(' · ');
}
