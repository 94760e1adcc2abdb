// The upscaler's right-hand column once a run has started: its progress, then the before/after comparison
// with the result's size and what can be done with it, or why nothing came of it.
import { type Ref, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CancelJobButton } from '../../components/cancel-job-button.tsx';
import { AlertIcon, ArrowBackIcon, CopyIcon, DownloadIcon } from '../../components/icons.tsx';
import { ProgressMeter } from '../../components/progress-meter.tsx';
import { ResultImageFrame } from '../../components/result-image-frame.tsx';
import { useToast } from '../../components/toast.tsx';
import { CompareSlider } from './compare-slider.tsx';
import { formatBytes, type Message } from './upscaler-model.ts';
import type { UpscalePhase } from './use-upscale-run.ts';

function absoluteUrl(url: string): string {
  return new URL(url, window.location.href).href;
}

interface ResultPanelProps {
  ref: Ref<HTMLElement>;
  phase: UpscalePhase;
  before: string;
  locale: string;
  text: (message: Message) => string;
  onBack: () => void;
  /** Present while a real job is being followed (not the canned example). */
  onCancel?: () => void;
  cancelling: boolean;
}

export function ResultPanel({
  ref,
  phase,
  before,
  locale,
  text,
  onBack,
  onCancel,
  cancelling,
}: ResultPanelProps) {
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
