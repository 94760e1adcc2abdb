// The upscaler (spec 6): a picture (the example, an upload or a link) made four times larger by a model of
// the server's, with its options, progress and a before/after comparison. The page puts the parts together:
// the source (use-upscale-source.ts), the run (use-upscale-run.ts) and the result (result-panel.tsx).
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import type { OutputFormat } from '../../api/upload.ts';
import { HouseAd } from '../../components/house-ad.tsx';
import { AlertIcon, LinkIcon, SparklesIcon, UploadIcon, UpscaleIcon } from '../../components/icons.tsx';
import { chosenModel } from '../../components/model-names.ts';
import { useToast } from '../../components/toast.tsx';
import { prepareNumberFormat } from '../../components/units.ts';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { useModels } from '../../hooks/use-models.ts';
import { LinkField } from './link-field.tsx';
import { ResultPanel } from './result-panel.tsx';
import { UpscaleOptions } from './upscale-options.tsx';
import {
  ACCEPTED_TYPES,
  type Message,
  upscaleEstimateSeconds,
  upscaleModelChoice,
  upscaleTimeoutMs,
} from './upscaler-model.ts';
import { useUpscaleRun } from './use-upscale-run.ts';
import { useUpscaleSource } from './use-upscale-source.ts';
import { WatermarkNote } from './watermark-note.tsx';
import './upscaler-page.css';

/** Stacked layout (upscaler-page.css): the result column sits below, so it is scrolled into view. */
const STACKED_LAYOUT_QUERY = '(max-width: 900px)';

export function UpscalerPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('upscaler.documentTitle'));
  const toast = useToast();
  const [searchParams] = useSearchParams();
  const queryImage = searchParams.get('imageUrl')?.trim() ?? '';
  const [format, setFormat] = useState<OutputFormat>('png');
  const [model, setModel] = useState('');
  // The loaded picture's size, for the time estimate (known once the browser has decoded it).
  const [sourceSize, setSourceSize] = useState<{ url: string; width: number; height: number } | null>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const resultRef = useRef<HTMLElement>(null);
  const sourceImageRef = useRef<HTMLImageElement>(null);

  const text = useCallback(
    (message: Message) => ('key' in message ? t(`upscaler.errors.${message.key}`) : message.text),
    [t],
  );

  const { phase, start, reset, cancel, canCancel, cancelling } = useUpscaleRun({
    onDone: () => toast('success', t('upscaler.upscaleComplete')),
    onFailed: (message) => toast('error', text(message)),
  });
  const working = phase.kind === 'working';
  const { source, notice, clearNotice, busy, uploading, onFileChosen, link } = useUpscaleSource({
    queryImage,
    text,
    onReplaced: reset,
    working,
  });

  const models = useModels('upscale');
  const modelChoice = upscaleModelChoice(models.data, model, t('upscaler.modelDefault'));
  const size = sourceSize?.url === source.url ? sourceSize : null;
  const estimate = upscaleEstimateSeconds(
    chosenModel(models.data, 'upscale', modelChoice.selected)?.ms_per_output_megapixel,
    size,
  );

  // The time estimate's format is made while the models load, not in the render that first shows it.
  useEffect(
    () => prepareNumberFormat(i18n.language, { style: 'unit', unit: 'second', unitDisplay: 'short' }),
    [i18n.language],
  );

  // A picture that was already decoded (pre-rendered page, cache) fires no load event for React to see.
  useEffect(() => {
    const image = sourceImageRef.current;
    if (image?.complete && image.naturalWidth > 0)
      setSourceSize({ url: source.url, width: image.naturalWidth, height: image.naturalHeight });
  }, [source.url]);

  const onUpscale = () => {
    if (!source.url || busy) return;
    clearNotice();
    start({
      imageUrl: source.url,
      isExample: source.isExample,
      format,
      model: modelChoice.selected,
      timeoutMs: upscaleTimeoutMs(estimate),
    });
    requestAnimationFrame(() => {
      if (window.matchMedia(STACKED_LAYOUT_QUERY).matches)
        resultRef.current?.scrollIntoView({ block: 'start' });
    });
  };

  const showResultColumn = phase.kind !== 'idle';

  return (
    <div className="upscaler">
      <header className="upscaler__header">
        <div className="upscaler__badges">
          <span className="badge badge--scale">{t('upscaler.badgeScale')}</span>
          <span className="badge badge--ai">
            <SparklesIcon width={16} height={16} />
            {t('upscaler.badgeAi')}
          </span>
        </div>
        <h1 className="page-heading">{t('upscaler.heading')}</h1>
        <p className="page-intro">{t('upscaler.intro')}</p>
      </header>

      <div className={showResultColumn ? 'upscaler__grid' : 'upscaler__grid upscaler__grid--single'}>
        <section
          className={
            showResultColumn ? 'panel upscaler__source' : 'panel upscaler__source upscaler__source--wide'
          }
          aria-labelledby="upscaler-original-heading"
        >
          <div className="upscaler__preview">
            <h2 id="upscaler-original-heading" className="upscaler__panel-heading">
              {t('upscaler.originalHeading')}
            </h2>
            <figure className="source-image">
              <img
                ref={sourceImageRef}
                src={source.url}
                alt={t('upscaler.originalAlt')}
                className="source-image__img"
                onLoad={(event) => {
                  const { naturalWidth, naturalHeight } = event.currentTarget;
                  if (naturalWidth > 0)
                    setSourceSize({ url: source.url, width: naturalWidth, height: naturalHeight });
                }}
              />
              {source.isExample ? (
                <span className="source-image__badge">{t('upscaler.exampleBadge')}</span>
              ) : null}
            </figure>
            {source.isExample ? <p className="upscaler__hint">{t('upscaler.exampleNote')}</p> : null}
          </div>
          <div className="upscaler__controls">
            {notice ? (
              <div className={`notice notice--${notice.tone}`} role="alert">
                <AlertIcon className="notice__icon" />
                <p className="notice__body">{notice.text}</p>
              </div>
            ) : null}

            <div className="upscaler__source-actions">
              <input
                ref={fileInputRef}
                type="file"
                accept={ACCEPTED_TYPES.join(',')}
                className="visually-hidden"
                tabIndex={-1}
                aria-label={t('upscaler.fileInputLabel')}
                onChange={onFileChosen}
              />
              <button
                type="button"
                className="button"
                disabled={busy}
                aria-describedby="upscaler-upload-hint"
                onClick={() => fileInputRef.current?.click()}
              >
                {uploading ? <span className="spinner" aria-hidden="true" /> : <UploadIcon />}
                {uploading ? t('upscaler.uploading') : t('upscaler.upload')}
              </button>
              <button
                type="button"
                className="button"
                aria-expanded={link.open}
                aria-controls="upscaler-link-field"
                disabled={busy}
                onClick={link.toggle}
              >
                <LinkIcon />
                {t('upscaler.useLink')}
              </button>
            </div>
            <p id="upscaler-upload-hint" className="upscaler__hint">
              {t('upscaler.uploadHint')}
            </p>
            <WatermarkNote />

            <LinkField link={link} />

            <UpscaleOptions
              models={modelChoice}
              onModelChange={setModel}
              format={format}
              onFormatChange={setFormat}
              estimate={estimate}
              size={size}
              disabled={working}
            />

            <button
              type="button"
              className="button button--primary button--large upscaler__submit"
              disabled={busy || !source.url}
              onClick={onUpscale}
            >
              {working ? <span className="spinner" aria-hidden="true" /> : <UpscaleIcon />}
              {working ? t('upscaler.working') : t('upscaler.submit')}
            </button>
          </div>
        </section>

        {showResultColumn ? (
          <ResultPanel
            ref={resultRef}
            phase={phase}
            before={source.url}
            locale={i18n.language}
            text={text}
            onBack={reset}
            {...(canCancel ? { onCancel: cancel } : {})}
            cancelling={cancelling}
          />
        ) : null}
      </div>
      <HouseAd />
    </div>
  );
}

export default UpscalerPage;
