// What Pictura Scenes read and drew for an image (services/common/src/scene.ts), as jobs, history and
// community posts answer it.
import { SCENE_POSITIONS, SCENE_RELATIONS, SCENE_SETTINGS } from '@pictura/common/scene';
import { Type } from 'typebox';

const names = <T extends string>(values: readonly T[], description: string) =>
  Type.Unsafe<T>({ type: 'string', enum: [...values], description });

const SceneSubjectBody = Type.Object({
  name: Type.String({ description: "The thing's English name, e.g. fox" }),
  emoji: Type.Optional(Type.String({ description: 'Its emoji, e.g. 🦊' })),
  count: Type.Integer({ description: 'How many were drawn' }),
  colour: Type.Optional(Type.String({ description: 'A colour the prompt gave it, in English' })),
  position: Type.Optional(names(SCENE_POSITIONS, 'Where the prompt placed it')),
});

const SceneRelationBody = Type.Object({
  subject: Type.Integer({ description: 'Index into subjects' }),
  relation: names(SCENE_RELATIONS, 'subjects[subject] <relation> subjects[object]'),
  object: Type.Integer({ description: 'Index into subjects' }),
});

export const SceneBody = Type.Object({
  subjects: Type.Array(SceneSubjectBody, { description: 'The main subject first' }),
  relations: Type.Array(SceneRelationBody),
  setting: Type.Array(names(SCENE_SETTINGS, 'A place, time of day, weather or season'), {
    description: 'Place, time of day, weather and season, as far as the prompt gave them',
  }),
  style: Type.Array(Type.String(), { description: 'The style words it read, in English' }),
  unplaced_words: Type.Array(Type.String(), { description: 'Words of the prompt it could not place' }),
});

/** A scene, or null for models that do not say (and for items made before scenes were kept). */
export const NullableScene = (description: string) => Type.Union([SceneBody, Type.Null()], { description });
