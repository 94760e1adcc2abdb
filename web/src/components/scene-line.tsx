// "What it drew", said plainly under a picture (generator, chat, history, community): the things and the
// setting Pictura Scenes painted, the words it could not place, or that it knew nothing in the prompt.
import { useTranslation } from 'react-i18next';
import type { GeneratedImage } from '../api/generation.ts';
import { useSceneNames } from '../hooks/use-scene-names.ts';
import { textDirection } from '../i18n/locale.ts';
import { useLocale } from '../i18n/locale-routing.tsx';
import { AlertIcon } from './icons.tsx';
import { type SceneWords, sceneLine } from './scene-text.ts';
import './scene-line.css';

/** The texts and concept names a scene is said with, in the reader's language. */
export function useSceneWords(): SceneWords {
  const { t } = useTranslation();
  const locale = useLocale();
  const names = useSceneNames();
  return { t, locale, names, rtl: textDirection(locale) === 'rtl' };
}

type SceneLineProps = Pick<GeneratedImage, 'scene' | 'subject'> & { className?: string };

export function SceneLine({ scene, subject, className }: SceneLineProps) {
  const words = useSceneWords();
  const line = sceneLine({ scene, subject }, words);
  if (!line) return null;
  const classes = (modifier: string) => ['scene-line', modifier, className].filter(Boolean).join(' ');
  if (line.kind === 'nothing') {
    return (
      <span className={classes('scene-line--nothing')} role="note">
        <AlertIcon className="scene-line__icon" />
        <span>{words.t('scene.nothingKnown')}</span>
      </span>
    );
  }
  return (
    <span className={classes('')}>
      <span className="scene-line__drawn">{line.text}</span>
      {line.unplaced ? <span className="scene-line__unplaced">{line.unplaced}</span> : null}
    </span>
  );
}
