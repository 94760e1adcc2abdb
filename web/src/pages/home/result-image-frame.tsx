// A generated picture at its own aspect ratio, and for a flagged one the notice with "Show image" over
// the blurred picture: the generator's results and the chat's turns.
import { useTranslation } from 'react-i18next';
import type { GeneratedImage } from '../../api/generation.ts';
import { AlertIcon, EyeIcon } from '../../components/icons.tsx';
import { ratioStyle } from './result-layout.ts';

interface ResultImageFrameProps {
  image: GeneratedImage;
  alt: string;
  /** Below the fold (results after the first): fetched as it comes near. */
  lazy?: boolean;
  /** Flagged and not yet revealed: the picture stays blurred behind the button. */
  hidden: boolean;
  onReveal: () => void;
}

export function ResultImageFrame({ image, alt, lazy = false, hidden, onReveal }: ResultImageFrameProps) {
  const { t } = useTranslation();
  return (
    <div className="result-image__frame" style={ratioStyle(image.width, image.height)}>
      <img
        src={image.url}
        width={image.width}
        height={image.height}
        alt={alt}
        loading={lazy ? 'lazy' : undefined}
        decoding="async"
      />
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
