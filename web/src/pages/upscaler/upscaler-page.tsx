import { type ChangeEvent, type KeyboardEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import { OUTPUT_FORMATS, type OutputFormat } from '../../api/upload.ts';
import { HouseAd } from '../../components/house-ad.tsx';
import {
  AlertIcon,
  ArrowBackIcon,
  ClockIcon,
  CopyIcon,
  DownloadIcon,
  LinkIcon,
  SparklesIcon,
  UploadIcon,
  UpscaleIcon,
} from '../../components/icons.tsx';
import { chosenModel, modelTitle } from '../../components/model-names.ts';
import { ResultImageFrame } from '../../components/result-image-frame.tsx';
import { SelectField } from '../../components/select-field.tsx';
import { useToast } from '../../components/toast.tsx';
import { formatDuration, prepareNumberFormat } from '../../components/units.ts';
import { useDocumentTitle } from '../../components/use-document-title.ts';
import { useModels } from '../../hooks/use-models.ts';
import { useUploadImage } from '../../hooks/use-upload-image.ts';
import { CompareSlider } from './compare-slider.tsx';
import {
  ACCEPTED_TYPES,
  EXAMPLE_IMAGE,
  formatBytes,
  type Message,
  UPSCALE_FACTOR,
  uploadErrorMessage,
  upscaleEstimateSeconds,
  upscaleTimeoutMs,
  validateUploadFile,
} from './upscaler-model.ts';
import { type UpscalePhase, useUpscaleRun } from './use-upscale-run.ts';
import { WatermarkNote } from './watermark-note.tsx';
import './upscaler-page.css';
import { CancelJobButton } from '../../components/cancel-job-button.tsx';
import { ProgressMeter } from '../../components/progress-meter.tsx';

interface Source {
  url: string;
  isExample: boolean;
}

const EXAMPLE_SOURCE: Source = { url: EXAMPLE_IMAGE, isExample: true };
const FORMAT_LABELS: Record<OutputFormat, string> = { png: 'PNG', jpeg: 'JPEG', webp: 'WebP' };
/** Stacked layout (upscaler-page.css): the result column sits below, so it is scrolled into view. */
const STACKED_LAYOUT_QUERY = '(max-width: 900px)';

/** Resolves when the browser can display the image at `url`. */
function probeImage(url: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    const timer = setTimeout(() => reject(new Error('timeout')), 15_000);
    image.onload = () => {
      clearTimeout(timer);
      resolve();
    };
    image.onerror = () => {
      clearTimeout(timer);
      reject(new Error('load'));
    };
    image.src = url;
  });
}

function absoluteUrl(url: string): string {
  return new URL(url, window.location.href).href;
}

export function UpscalerPage() {
  const { t, i18n } = useTranslation();
  useDocumentTitle(t('upscaler.documentTitle'));
  const toast = useToast();
  const [searchParams] = useSearchParams();
  const queryImage = searchParams.get('imageUrl')?.trim() ?? '';

  const [source, setSource] = useState<Source>(() =>
    queryImage ? { url: queryImage, isExample: false } : EXAMPLE_SOURCE,
  );
  const [sourceNotice, setSourceNotice] = useState<{ tone: 'danger' | 'warning'; text: string } | null>(null);
  const [linkOpen, setLinkOpen] = useState(false);
  const [link, setLink] = useState('');
  const [linkLoading, setLinkLoading] = useState(false);
  const [format, setFormat] = useState<OutputFormat>('png');
  const [model, setModel] = useState('');
  // The loaded picture's size, for the time estimate (known once the browser has decoded it).
  const [sourceSize, setSourceSize] = useState<{ url: string; width: number; height: number } | null>(null);
  const fileInputRef = useRef<HTMLInputElement>(null);
  const linkInputRef = useRef<HTMLInputElement>(null);
  const resultRef = useRef<HTMLElement>(null);
  const sourceImageRef = useRef<HTMLImageElement>(null);
  const linkInputId = useId();
  const linkHintId = useId();

  const text = useCallback(
    (message: Message) => ('key' in message ? t(`upscaler.errors.${message.key}`) : message.text),
    [t],
  );

  const { phase, start, reset, cancel, canCancel, cancelling } = useUpscaleRun({
    onDone: () => toast('success', t('upscaler.upscaleComplete')),
    onFailed: (message) => toast('error', text(message)),
  });

  const models = useModels('upscale');
  const modelOptions = models.data?.length
    ? models.data.map((entry) => ({ value: entry.name, label: modelTitle(entry.name, models.data) }))
    : [{ value: '', label: t('upscaler.modelDefault') }];
  const selectedModel = modelOptions.some((option) => option.value === model)
    ? model
    : (models.data?.find((entry) => entry.default)?.name ?? modelOptions[0]!.value);
  const size = sourceSize?.url === source.url ? sourceSize : null;
  const estimate = upscaleEstimateSeconds(
    chosenModel(models.data, 'upscale', selectedModel)?.ms_per_output_megapixel,
    size,
  );

  const upload = useUploadImage();
  const working = phase.kind === 'working';
  const busy = working || upload.isPending || linkLoading;

  const showProblem = useCallback(
    (message: string, tone: 'danger' | 'warning' = 'danger') => {
      setSourceNotice({ tone, text: message });
      toast(tone === 'danger' ? 'error' : 'info', message);
    },
    [toast],
  );

  // A link from the page query must load; if it does not, the example comes back with a note.
  // Keyed on the query only: a later language change must not show the message again.
  const showProblemRef = useRef(showProblem);
  showProblemRef.current = showProblem;
  const tRef = useRef(t);
  tRef.current = t;
  useEffect(() => {
    if (!queryImage) return;
    let cancelled = false;
    probeImage(queryImage).catch(() => {
      if (cancelled) return;
      setSource(EXAMPLE_SOURCE);
      showProblemRef.current(
        `${tRef.current('upscaler.errors.cannotLoad')} ${tRef.current('upscaler.usingExample')}`,
      );
    });
    return () => {
      cancelled = true;
    };
  }, [queryImage]);

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

  const replaceSource = (next: Source) => {
    setSource(next);
    setSourceNotice(null);
    reset();
  };

  const onFileChosen = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = ''; // the same file can be chosen again
    if (!file || busy) return;
    const invalid = validateUploadFile(file);
    if (invalid) {
      showProblem(text(invalid));
      return;
    }
    upload.mutate(file, {
      onSuccess: (imageUrl) => {
        replaceSource({ url: imageUrl, isExample: false });
        toast('success', t('upscaler.uploadSuccess'));
      },
      onError: (error) => showProblem(text(uploadErrorMessage(error))),
    });
  };

  const loadLink = async () => {
    const url = link.trim();
    if (!url) {
      showProblem(t('upscaler.errors.noImageUrl'), 'warning');
      linkInputRef.current?.focus();
      return;
    }
    setLinkLoading(true);
    try {
      await probeImage(url);
      replaceSource({ url, isExample: false });
      setLink('');
      setLinkOpen(false);
      toast('success', t('upscaler.imageLoaded'));
    } catch {
      showProblem(t('upscaler.errors.cannotLoad'));
    } finally {
      setLinkLoading(false);
    }
  };

  const onLinkKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      void loadLink();
    }
  };

  const onUpscale = () => {
    if (!source.url || busy) return;
    setSourceNotice(null);
    start({
      imageUrl: source.url,
      isExample: source.isExample,
      format,
      model: selectedModel,
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
            {sourceNotice ? (
              <div className={`notice notice--${sourceNotice.tone}`} role="alert">
                <AlertIcon className="notice__icon" />
                <p className="notice__body">{sourceNotice.text}</p>
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
                {upload.isPending ? <span className="spinner" aria-hidden="true" /> : <UploadIcon />}
                {upload.isPending ? t('upscaler.uploading') : t('upscaler.upload')}
              </button>
              <button
                type="button"
                className="button"
                aria-expanded={linkOpen}
                aria-controls="upscaler-link-field"
                disabled={busy}
                onClick={() => {
                  setLinkOpen((open) => !open);
                  requestAnimationFrame(() => linkInputRef.current?.focus());
                }}
              >
                <LinkIcon />
                {t('upscaler.useLink')}
              </button>
            </div>
            <p id="upscaler-upload-hint" className="upscaler__hint">
              {t('upscaler.uploadHint')}
            </p>
            <WatermarkNote />

            <div id="upscaler-link-field" className="link-field" hidden={!linkOpen}>
              <label htmlFor={linkInputId} className="field-label">
                {t('upscaler.linkLabel')}
              </label>
              <div className="link-field__row">
                <input
                  ref={linkInputRef}
                  id={linkInputId}
                  type="url"
                  inputMode="url"
                  className="text-input"
                  placeholder={t('upscaler.linkPlaceholder')}
                  aria-describedby={linkHintId}
                  value={link}
                  disabled={linkLoading}
                  onChange={(event) => setLink(event.target.value)}
                  onKeyDown={onLinkKeyDown}
                />
                <button
                  type="button"
                  className="button"
                  disabled={linkLoading}
                  onClick={() => void loadLink()}
                >
                  {linkLoading ? <span className="spinner" aria-hidden="true" /> : null}
                  {t('upscaler.loadLink')}
                </button>
              </div>
              <p id={linkHintId} className="upscaler__hint">
                {t('upscaler.linkHint')}
              </p>
            </div>

            <fieldset className="upscaler__options">
              <legend className="upscaler__panel-heading">{t('upscaler.optionsLabel')}</legend>
              <div className="upscaler__options-grid">
                <div className="upscaler__option--wide">
                  <SelectField
                    label={t('upscaler.modelLabel')}
                    options={modelOptions}
                    value={selectedModel}
                    onChange={setModel}
                    disabled={working}
                  />
                  {estimate !== null && size ? (
                    <p className="upscaler__estimate" aria-live="polite">
                      <ClockIcon />
                      <span>
                        {t('upscaler.estimate', { time: formatDuration(estimate, i18n.language) })}
                        <span className="upscaler__estimate-size">
                          {t('upscaler.estimateSize', {
                            width: size.width * UPSCALE_FACTOR,
                            height: size.height * UPSCALE_FACTOR,
                          })}
                        </span>
                      </span>
                    </p>
                  ) : null}
                </div>
                <SelectField
                  label={t('upscaler.scaleLabel')}
                  options={[{ value: '4', label: t('upscaler.scale4x') }]}
                  value="4"
                  onChange={() => {}}
                  disabled={working}
                />
                <SelectField
                  label={t('upscaler.formatLabel')}
                  options={OUTPUT_FORMATS.map((value) => ({ value, label: FORMAT_LABELS[value] }))}
                  value={format}
                  onChange={setFormat}
                  disabled={working}
                />
              </div>
            </fieldset>

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

interface ResultPanelProps {
  ref: React.Ref<HTMLElement>;
  phase: UpscalePhase;
  before: string;
  locale: string;
  text: (message: Message) => string;
  onBack: () => void;
  /** Present while a real job is being followed (not the canned example). */
  onCancel?: () => void;
  cancelling: boolean;
}

function ResultPanel({ ref, phase, before, locale, text, onBack, onCancel, cancelling }: ResultPanelProps) {
  const { t } = useTranslation();
  const toast = useToast();
  // Which flagged result the viewer chose to see; a new result starts hidden again.
  const [revealedUrl, setRevealed] = useState<string | null>(null);
  const revealed = phase.kind === 'done' && revealedUrl === phase.result.url;
  // Cancelled or failed, the way on is the same: back to the form, the image still chosen.
  const backButton = (
    <button type="button" className="button button--small" onClick={onBack}>
      <ArrowBackIcon className="icon-flip" />
      {t('upscaler.back')}
    </button>
  );

  const copyLink = async (url: string) => {
    try {
      await navigator.clipboard.writeText(absoluteUrl(url));
      toast('success', t('upscaler.linkCopied'));
    } catch {
      toast('error', t('upscaler.errors.copyFailed'));
    }
  };

  return (
    <section
      ref={ref}
      className="panel upscaler__result"
      aria-labelledby="upscaler-result-heading"
      aria-busy={phase.kind === 'working'}
    >
      <h2 id="upscaler-result-heading" className="upscaler__panel-heading">
        {t('upscaler.resultHeading')}
      </h2>

      <div role="status" aria-live="polite" className="upscaler__status">
        {phase.kind === 'working' ? (
          <ProgressMeter
            label={phase.queued && phase.percent === 0 ? t('upscaler.queued') : t('upscaler.progressText')}
            percentText={t('upscaler.progressPercent', { percent: phase.percent })}
            percent={phase.percent}
            barLabel={t('upscaler.progressText')}
          />
        ) : null}
        {phase.kind === 'done' ? (
          <p className="status-line status-line--done">
            <span className="status-dot status-dot--done" aria-hidden="true" />
            {t('upscaler.done')}
          </p>
        ) : null}
        {phase.kind === 'cancelled' ? (
          <p className="status-line status-line--cancelled">
            <span className="status-dot status-dot--cancelled" aria-hidden="true" />
            {t('translation:status.cancelled')}
          </p>
        ) : null}
      </div>
      {phase.kind === 'working' && onCancel ? (
        <div className="results__actions">
          <CancelJobButton onCancel={onCancel} cancelling={cancelling} />
        </div>
      ) : null}

      {phase.kind === 'working' ? <div className="upscaler__placeholder" aria-hidden="true" /> : null}

      {phase.kind === 'cancelled' ? (
        <div className="notice notice--muted upscaler__error">
          <div className="notice__body">
            <p>{t('translation:status.cancelledNothingKept')}</p>
          </div>
          {backButton}
        </div>
      ) : null}

      {phase.kind === 'failed' ? (
        <div className="notice notice--danger upscaler__error" role="alert">
          <AlertIcon className="notice__icon" />
          <div className="notice__body">
            <p className="notice__title">{t('upscaler.errorTitle')}</p>
            <p>{text(phase.message)}</p>
          </div>
          {backButton}
        </div>
      ) : null}

      {phase.kind === 'done' ? (
        <>
          {phase.result.flagged && !revealed ? (
            // The same notice and blur as a flagged generation; the comparison opens once revealed.
            <figure className="result-image upscaler__flagged">
              <ResultImageFrame
                image={phase.result}
                alt={t('upscaler.resultAlt')}
                hidden
                onReveal={() => setRevealed(phase.result.url)}
              />
            </figure>
          ) : (
            <CompareSlider
              key={phase.result.url}
              before={before}
              after={phase.result.url}
              width={phase.result.width}
              height={phase.result.height}
            />
          )}
          {phase.result.flagged && revealed ? (
            <p className="upscaler__flag-note">
              <AlertIcon />
              {t('status.flagged')}
            </p>
          ) : null}
          <dl className="result-details">
            <div>
              <dt>{t('upscaler.dimensionsLabel')}</dt>
              <dd>{t('upscaler.dimensions', { width: phase.result.width, height: phase.result.height })}</dd>
            </div>
            {phase.result.bytes !== null ? (
              <div>
                <dt>{t('upscaler.fileSizeLabel')}</dt>
                <dd>{formatBytes(phase.result.bytes, locale)}</dd>
              </div>
            ) : null}
          </dl>
          <div className="upscaler__result-actions">
            <a
              className="button button--primary"
              href={phase.result.url}
              target="_blank"
              rel="noopener noreferrer"
            >
              <DownloadIcon />
              {t('upscaler.download')}
              <span className="visually-hidden">{t('upscaler.newTab')}</span>
            </a>
            <button type="button" className="button" onClick={() => void copyLink(phase.result.url)}>
              <CopyIcon />
              {t('upscaler.copyLink')}
            </button>
            <button type="button" className="button" onClick={onBack}>
              <ArrowBackIcon className="icon-flip" />
              {t('upscaler.back')}
            </button>
          </div>
        </>
      ) : null}
    </section>
  );
}

export default UpscalerPage;
