// A generated or upscaled picture at its own aspect ratio, and for a flagged one the notice with "Show
// image" over the blurred picture: the generator's results, the chat's turns and the upscaler's result.
import { useTranslation } from 'react-i18next';
import type { GeneratedImage } from '../api/generation.ts';
import { ratioStyle } from '../pages/home/result-layout.ts';
import { CachedImage } from './cached-image.tsx';
import { AlertIcon, EyeIcon } from './icons.tsx';
import './result-image-frame.css';

interface ResultImageFrameProps {
  image: Pick<GeneratedImage, 'url' | 'width' | 'height' | 'flagged'>;
  alt: string;
  /** Below the fold (results after the first): fetched as it comes near. */
  lazy?: boolean;
  /** Flagged and not yet revealed: the picture stays blurred behind the button. */
  hidden: boolean;
  /** Made on a transparent background: a checkerboard behind it shows where it is see-through. */
  transparent?: boolean;
  onReveal: () => void;
}

export function ResultImageFrame({
  image,
  alt,
  lazy = false,
  hidden,
  transparent = false,
  onReveal,
}: ResultImageFrameProps) {
  const { t } = useTranslation();
  const className = [
    'result-image__frame',
    hidden ? 'result-image__frame--hidden' : '',
    transparent ? 'result-image__frame--transparent' : '',
  ]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={className} style={ratioStyle(image.width, image.height)}>
      <CachedImage src={image.url} width={image.width} height={image.height} alt={alt} eager={!lazy} />
      {image.flagged ? (
        <div className="result-image__flag">
          <p className="result-image__flag-text">
            <AlertIcon />
            <span>{t('status.flagged')}</span>
          </p>
          {hidden ? (
            <button type="button" className="button button--small" onClick={onReveal}>
              <EyeIcon />
              {t('status.showImage')}
            </button>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
