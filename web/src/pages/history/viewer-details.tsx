// What a history item was made with, beside it in the viewer: prompt, model, options or format, size, the
// seed (with a copy button: it matters only to someone recreating an image) and when it was made.
import { DEFAULT_CHOICES } from '@pictura/common/generation-options';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { HistoryImage, HistoryItem } from '../../api/history.ts';
import { CopyIcon } from '../../components/icons.tsx';
import { modelTitle } from '../../components/model-names.ts';
import { useToast } from '../../components/toast.tsx';
import { useModels } from '../../hooks/use-models.ts';
import { useLocale } from '../../i18n/locale-routing.tsx';
import { formatCreatedAt, generationOptions, outputFormat } from './history-model.ts';

function Detail({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="viewer-details__row">
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

export function ViewerDetails({ item, image }: { item: HistoryItem; image: HistoryImage | undefined }) {
  const { t, i18n } = useTranslation('history');
  const locale = useLocale();
  const toast = useToast();
  const kind = item.type === 'upscaled' ? 'upscale' : 'generate';
  const models = useModels(kind);
  const shownModel = item.model ? modelTitle(item.model, models.data) : '';
  const options = generationOptions(item);
  const format = outputFormat(item);
  const none = t('viewer.none');

  const copySeed = async () => {
    if (!image) return;
    try {
      await navigator.clipboard.writeText(String(image.seed));
      toast('success', t('viewer.seedCopied'));
    } catch {
      toast('error', t('viewer.seedCopyFailed'));
    }
  };

  return (
    <dl className="viewer-details">
      {item.type === 'generated' ? (
        <>
          <Detail label={t('viewer.prompt')}>
            <span className="viewer-details__prompt" dir="auto">
              {item.prompt}
            </span>
          </Detail>
          <Detail label={t('viewer.negativePrompt')}>
            {item.negative_prompt ? <span dir="auto">{item.negative_prompt}</span> : none}
          </Detail>
        </>
      ) : null}
      <Detail label={t('viewer.model')}>{shownModel || none}</Detail>
      {item.type === 'generated' ? (
        <Detail label={t('viewer.options')}>
          <ul className="viewer-options">
            <li>
              <span>{t('viewer.aspectRatio')}</span>
              {options.aspectRatio ? t(`translation:options.aspectRatio.${options.aspectRatio}`) : none}
            </li>
            <li>
              <span>{t('viewer.style')}</span>
              {t(`translation:options.style.${options.style ?? DEFAULT_CHOICES.style}`)}
            </li>
            <li>
              <span>{t('viewer.color')}</span>
              {t(`translation:options.color.${options.color ?? DEFAULT_CHOICES.color}`)}
            </li>
            <li>
              <span>{t('viewer.lighting')}</span>
              {t(`translation:options.lighting.${options.lighting ?? DEFAULT_CHOICES.lighting}`)}
            </li>
          </ul>
        </Detail>
      ) : (
        <Detail label={t('viewer.format')}>{format ? format.toUpperCase() : none}</Detail>
      )}
      {image ? (
        <Detail label={t('viewer.size')}>
          {t('card.size', { width: image.width, height: image.height })}
        </Detail>
      ) : null}
      {item.type === 'generated' && image ? (
        <Detail label={t('viewer.seed')}>
          <span className="viewer-details__seed">
            <bdi className="viewer-details__mono">{image.seed}</bdi>
            <button
              type="button"
              className="icon-button viewer-details__copy"
              aria-label={t('viewer.copySeed')}
              title={t('viewer.copySeed')}
              onClick={() => void copySeed()}
            >
              <CopyIcon width={14} height={14} />
            </button>
          </span>
        </Detail>
      ) : null}
      <Detail label={t('viewer.created')}>
        <time dateTime={item.created_at}>
          {formatCreatedAt(item.created_at, i18n.resolvedLanguage ?? locale)}
        </time>
      </Detail>
    </dl>
  );
}
