// The image a chat turn made, with what can be done with it: download, copy its link, upscale, publish.
import { type CSSProperties, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { GeneratedImage } from '../../api/generation.ts';
import { CopyIcon, DownloadIcon, ShareIcon, UpscaleIcon } from '../../components/icons.tsx';
import { ResultImageFrame } from '../../components/result-image-frame.tsx';
import { SceneLine } from '../../components/scene-line.tsx';
import { useToast } from '../../components/toast.tsx';
import { localizedPath } from '../../i18n/locale.ts';
import { useLocale } from '../../i18n/locale-routing.tsx';

interface ChatImageProps {
  image: GeneratedImage;
  prompt: string;
  /** The job that made it: the community page finds the history item by it (?publish=<job>). */
  jobId: string | null;
}

export function ChatImage({ image, prompt, jobId }: ChatImageProps) {
  const { t } = useTranslation('chat');
  const locale = useLocale();
  const toast = useToast();
  // A flagged image stays blurred until the viewer chooses to see it, as on the generator.
  const [revealed, setRevealed] = useState(false);
  const hidden = image.flagged && !revealed;
  const absolute = new URL(image.url, window.location.href).href;

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(absolute);
      toast('success', t('translation:upscaler.linkCopied'));
    } catch {
      toast('error', t('translation:upscaler.errors.copyFailed'));
    }
  };

  return (
    <figure
      className={hidden ? 'result-image result-image--hidden' : 'result-image'}
      style={{ '--ratio': image.width / image.height } as CSSProperties}
    >
      <ResultImageFrame
        image={image}
        alt={t('translation:status.imageAlt', { index: 1, prompt })}
        hidden={hidden}
        onReveal={() => setRevealed(true)}
      />
      <figcaption className="result-image__caption">
        <SceneLine scene={image.scene} subject={image.subject} className="result-image__scene" />
        <span className="result-image__details">
          {t('translation:status.imageDetails', {
            width: image.width,
            height: image.height,
            seed: image.seed,
          })}
        </span>
        <span className="result-image__actions">
          <a className="button button--small" href={image.url} download={`pictura-${image.seed}.png`}>
            <DownloadIcon />
            {t('translation:status.download')}
          </a>
          <button type="button" className="button button--small" onClick={() => void copyLink()}>
            <CopyIcon />
            {t('translation:upscaler.copyLink')}
          </button>
          <Link
            className="button button--small"
            to={`${localizedPath(locale, '/upscaler')}?imageUrl=${encodeURIComponent(absolute)}`}
          >
            <UpscaleIcon />
            {t('translation:upscaler.upscaleThis')}
          </Link>
          {jobId ? (
            <Link
              className="button button--small"
              to={`${localizedPath(locale, '/community')}?publish=${encodeURIComponent(jobId)}&image=0`}
            >
              <ShareIcon />
              {t('translation:status.publish')}
            </Link>
          ) : null}
        </span>
      </figcaption>
    </figure>
  );
}
