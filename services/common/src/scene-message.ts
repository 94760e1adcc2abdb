// A scene (scene.ts) as it travels between services (scene/v1/scene.proto) and back. Jobs, history and
// community store the worker's object as JSON and hand it on as the proto message; the gateway answers it
// in the same snake_case shape the worker made.
import type { MessageInitShape } from '@bufbuild/protobuf';
import type { ImageSceneSchema, ImageScene as SceneMessage } from './gen/scene/v1/scene_pb.ts';
import {
  type ImageScene,
  isImageScene,
  type ScenePosition,
  type SceneRelationName,
  type SceneSettingName,
} from './scene.ts';

/** The proto message of a stored scene; undefined when the value is none (older rows, other models). */
export function sceneMessage(stored: unknown): MessageInitShape<typeof ImageSceneSchema> | undefined {
  if (!isImageScene(stored)) return undefined;
  return {
    subjects: stored.subjects.map((s) => ({
      name: s.name,
      emoji: s.emoji,
      count: s.count,
      colour: s.colour,
      position: s.position,
    })),
    relations: stored.relations.map((r) => ({ subject: r.subject, relation: r.relation, object: r.object })),
    setting: stored.setting,
    style: stored.style,
    unplacedWords: stored.unplaced_words,
  };
}

/**
 * The scene a message carries, as the worker made it (optional fields left out, not empty); null when the
 * message has none. Names are passed on as the worker wrote them: it is typed against the same lists.
 */
export function sceneOfMessage(message: SceneMessage | undefined): ImageScene | null {
  if (!message) return null;
  return {
    subjects: message.subjects.map((s) => ({
      name: s.name,
      ...(s.emoji === undefined ? {} : { emoji: s.emoji }),
      count: s.count,
      ...(s.colour === undefined ? {} : { colour: s.colour }),
      ...(s.position === undefined ? {} : { position: s.position as ScenePosition }),
    })),
    relations: message.relations.map((r) => ({
      subject: r.subject,
      relation: r.relation as SceneRelationName,
      object: r.object,
    })),
    setting: message.setting as SceneSettingName[],
    style: [...message.style],
    unplaced_words: [...message.unplacedWords],
  };
}
