import { type CSSProperties, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router-dom';
import type { GeneratedImage } from '../../api/generation.ts';
import { useAuth } from '../../auth/auth-context.tsx';
import { storeRedirectAfterLogin } from '../../auth/auth-storage.ts';
import { CopyIcon, DownloadIcon, ShareIcon, UpscaleIcon } from '../../components/icons.tsx';
import { ResultImageFrame } from '../../components/result-image-frame.tsx';
import { SceneLine } from '../../components/scene-line.tsx';
import { useToast } from '../../components/toast.tsx';
import { localizedPath } from '../../i18n/locale.ts';
import { useLocale } from '../../i18n/locale-routing.tsx';

interface GeneratedImageCardProps {
  image: GeneratedImage;
  index: number;
  prompt: string;
  /** The job that made the image: the community publish form (issue 8) finds the image by it. */
  jobId: string | null;
  /** Asked for on a transparent background: shown over a checkerboard so the transparency shows. */
  transparent?: boolean;
}

function downloadName(image: GeneratedImage, index: number): string {
  const extension = image.url.split('?')[0].match(/\.(png|jpe?g|webp)$/i)?.[1] ?? 'png';
  return `pictura-${image.seed}-${index}.${extension}`;
}

export function GeneratedImageCard({
  image,
  index,
  prompt,
  jobId,
  transparent = false,
}: GeneratedImageCardProps) {
  const { t } = useTranslation();
  const locale = useLocale();
  const toast = useToast();
  const navigate = useNavigate();
  const { user, openSignIn } = useAuth();
  // Flagged images stay blurred until the viewer chooses to see them.
  const [revealed, setRevealed] = useState(false);
  const hidden = image.flagged && !revealed;
  const number = index + 1;
  // The actions' names are their visible words (voice control); which image they act on is their description.
  const describedBy = useId();
  const publishPath = `/community?publish=${encodeURIComponent(jobId ?? '')}&image=${index}`;

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(new URL(image.url, window.location.href).href);
      toast('success', t('upscaler.linkCopied'));
    } catch {
      toast('error', t('upscaler.errors.copyFailed'));
    }
  };

  const publish = () => {
    if (!user) {
      // Publishing needs sign-in; the publish form opens once signed in.
      storeRedirectAfterLogin(publishPath);
      toast('info', t('auth.loginFirst'));
      openSignIn();
      return;
    }
    navigate(localizedPath(locale, publishPath));
  };

  return (
    <figure
      className={hidden ? 'result-image result-image--hidden' : 'result-image'}
      style={{ '--ratio': image.width / image.height } as CSSProperties}
    >
      <ResultImageFrame
        image={image}
        alt={t('status.imageAlt', { index: number, prompt })}
        lazy
        transparent={transparent}
        hidden={hidden}
        onReveal={() => setRevealed(true)}
      />
      <figcaption className="result-image__caption">
        <span id={describedBy} className="visually-hidden">
          {t('status.imageAlt', { index: number, prompt })}
        </span>
        <span className="result-image__details">
          {t('status.imageDetails', { width: image.width, height: image.height })}
        </span>
        <SceneLine scene={image.scene} subject={image.subject} className="result-image__scene" />
        <span className="result-image__actions">
          <a
            className="button button--small"
            href={image.url}
            download={downloadName(image, number)}
            aria-describedby={describedBy}
          >
            <DownloadIcon />
            {t('status.download')}
          </a>
          <button
            type="button"
            className="button button--small"
            onClick={() => void copyLink()}
            aria-describedby={describedBy}
          >
            <CopyIcon />
            {t('upscaler.copyLink')}
          </button>
          <Link
            className="button button--small"
            to={`${localizedPath(locale, '/upscaler')}?imageUrl=${encodeURIComponent(image.url)}`}
            aria-describedby={describedBy}
          >
            <UpscaleIcon />
            {t('upscaler.upscaleThis')}
          </Link>
          {jobId ? (
            <button
              type="button"
              className="button button--small"
              onClick={publish}
              aria-describedby={describedBy}
            >
              <ShareIcon />
              {t('status.publish')}
            </button>
          ) : null}
        </span>
      </figcaption>
    </figure>
  );
}
