import { type CSSProperties, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { GeneratedImage } from '../../api/generation.ts';
import { AlertIcon, DownloadIcon, EyeIcon, UpscaleIcon } from '../../components/icons.tsx';
import { localizedPath } from '../../i18n/locale.ts';
import { useLocale } from '../../i18n/locale-routing.tsx';
import { ratioStyle } from './result-layout.ts';

interface GeneratedImageCardProps {
  image: GeneratedImage;
  index: number;
  prompt: string;
}

function downloadName(image: GeneratedImage, index: number): string {
  const extension = image.url.split('?')[0].match(/\.(png|jpe?g|webp)$/i)?.[1] ?? 'png';
  return `pictura-${image.seed}-${index}.${extension}`;
}

export function GeneratedImageCard({ image, index, prompt }: GeneratedImageCardProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  // Flagged images stay blurred until the viewer chooses to see them.
  const [revealed, setRevealed] = useState(false);
  const hidden = image.flagged && !revealed;
  const number = index + 1;

  return (
    <figure
      className={hidden ? 'result-image result-image--hidden' : 'result-image'}
      style={{ '--ratio': image.width / image.height } as CSSProperties}
    >
      <div className="result-image__frame" style={ratioStyle(image.width, image.height)}>
        <img
          src={image.url}
          width={image.width}
          height={image.height}
          alt={t('status.imageAlt', { index: number, prompt })}
          loading="lazy"
          decoding="async"
        />
        {image.flagged ? (
          <div className="result-image__flag">
            <p className="result-image__flag-text">
              <AlertIcon />
              <span>{t('status.flagged')}</span>
            </p>
            {hidden ? (
              <button type="button" className="button button--small" onClick={() => setRevealed(true)}>
                <EyeIcon />
                {t('status.showImage')}
              </button>
            ) : null}
          </div>
        ) : null}
      </div>
      <figcaption className="result-image__caption">
        <span className="result-image__details">
          {t('status.imageDetails', { width: image.width, height: image.height, seed: image.seed })}
        </span>
        <span className="result-image__actions">
          <Link
            className="button button--small"
            to={`${localizedPath(locale, '/upscaler')}?imageUrl=${encodeURIComponent(image.url)}`}
            aria-label={t('upscaler.upscaleThisImage', { index: number })}
          >
            <UpscaleIcon />
            {t('upscaler.upscaleThis')}
          </Link>
          <a
            className="button button--small"
            href={image.url}
            download={downloadName(image, number)}
            aria-label={t('status.downloadImage', { index: number })}
          >
            <DownloadIcon />
            {t('status.download')}
          </a>
        </span>
      </figcaption>
    </figure>
  );
}
