import { ASPECT_RATIOS, DEFAULT_CHOICES } from '@pictura/common/generation-options';
import { type Ref, useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { GenerateRequest } from '../../api/generation.ts';
import { CancelJobButton } from '../../components/cancel-job-button.tsx';
import { AlertIcon, ClockIcon, CloseIcon, ImageIcon, RetryIcon } from '../../components/icons.tsx';
import { ProgressMeter } from '../../components/progress-meter.tsx';
import { GeneratedImageCard } from './generated-image.tsx';
import type { GenerationPhase } from './generation-phase.ts';
import { ratioStyle, resultGridClass } from './result-layout.ts';
import type { WaitHint } from './use-generation-run.ts';

interface GenerationPanelProps {
  ref?: Ref<HTMLElement>;
  phase: GenerationPhase;
  waitHint: WaitHint;
  request: GenerateRequest | null;
  jobId: string | null;
  onRetry: () => void;
  /** Cancels the waiting or running job; absent where cancelling is not offered. */
  onCancel?: () => void;
  cancelling?: boolean;
}

function RetryButton({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <button type="button" className="button button--small" onClick={onRetry}>
      <RetryIcon />
      {t('status.retry')}
    </button>
  );
}

/** Placeholders in the requested shape while the images are being made. */
function PendingImages({ request }: { request: GenerateRequest | null }) {
  const count = request?.count ?? 1;
  const { width, height } = ASPECT_RATIOS[request?.aspect_ratio ?? DEFAULT_CHOICES.aspectRatio];
  return (
    <div className={resultGridClass(count)} aria-hidden="true">
      {Array.from({ length: count }, (_, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity beyond their slot
        <div key={index} className="result-placeholder" style={ratioStyle(width, height)} />
      ))}
    </div>
  );
}

function ProgressStatus({ phase }: { phase: GenerationPhase }) {
  const { t } = useTranslation();
  if (phase.kind === 'submitting') {
    return <p className="status-line">{t('status.submitting')}</p>;
  }
  if (phase.kind === 'waiting') {
    return (
      <div className="status-line">
        <span className="status-dot" aria-hidden="true" />
        <span>{t('status.waiting')}</span>
        <span className="status-badge">
          {phase.position > 0
            ? t('status.queuePosition', { position: phase.position })
            : t('status.queueNext')}
        </span>
      </div>
    );
  }
  if (phase.kind === 'processing') {
    return (
      <ProgressMeter
        label={t('status.processing')}
        percentText={t('status.progress', { percent: phase.percent })}
        percent={phase.percent}
        barLabel={t('status.processing')}
      />
    );
  }
  if (phase.kind === 'completed') {
    return (
      <p className="status-line status-line--done">
        <span className="status-dot status-dot--done" aria-hidden="true" />
        {t('status.completed')}
      </p>
    );
  }
  if (phase.kind === 'cancelled') {
    return (
      <p className="status-line status-line--cancelled">
        <span className="status-dot status-dot--cancelled" aria-hidden="true" />
        {t('status.cancelled')}
      </p>
    );
  }
  return null;
}

export function GenerationPanel({
  ref,
  phase,
  waitHint,
  request,
  jobId,
  onRetry,
  onCancel,
  cancelling = false,
}: GenerationPanelProps) {
  const { t } = useTranslation();
  const headingId = useId();
  const active = phase.kind === 'submitting' || phase.kind === 'waiting' || phase.kind === 'processing';

  return (
    <section ref={ref} className="panel results" aria-labelledby={headingId} aria-busy={active}>
      <h2 id={headingId} className="results__heading">
        {t('status.resultsHeading')}
      </h2>

      {/* One polite live region for the moving parts, so screen readers hear the state changes. */}
      <div role="status" aria-live="polite" className="results__status">
        <ProgressStatus phase={phase} />
      </div>
      {onCancel && jobId && (phase.kind === 'waiting' || phase.kind === 'processing') ? (
        <div className="results__actions">
          <CancelJobButton onCancel={onCancel} cancelling={cancelling} />
        </div>
      ) : null}

      {active && waitHint !== 'none' ? (
        <div className="notice notice--warning">
          <ClockIcon className="notice__icon" />
          <div className="notice__body">
            <p className="notice__title">
              {waitHint === 'slow' ? t('status.slowTitle') : t('status.timeoutTitle')}
            </p>
            <p>{waitHint === 'slow' ? t('status.slowText') : t('status.timeoutText')}</p>
          </div>
          <RetryButton onRetry={onRetry} />
        </div>
      ) : null}

      {phase.kind === 'idle' ? (
        <div className="results-empty">
          <span className="results-empty__icon">
            <ImageIcon />
          </span>
          <p className="results-empty__title">{t('status.emptyTitle')}</p>
          <p className="results-empty__text">{t('status.emptyText')}</p>
        </div>
      ) : null}

      {active ? <PendingImages request={request} /> : null}

      {phase.kind === 'error' ? (
        <div className="notice notice--danger" role="alert">
          <AlertIcon className="notice__icon" />
          <div className="notice__body">
            <p className="notice__title">{t('status.errorTitle')}</p>
            <p>{phase.message ?? t(phase.fallbackKey, { seconds: phase.retryAfterSeconds })}</p>
          </div>
          <RetryButton onRetry={onRetry} />
        </div>
      ) : null}

      {phase.kind === 'cancelled' ? (
        <div className="notice notice--muted">
          <CloseIcon className="notice__icon" />
          <div className="notice__body">
            <p className="notice__title">{t('status.cancelledTitle')}</p>
            <p>{t('status.cancelledText')}</p>
          </div>
          <RetryButton onRetry={onRetry} />
        </div>
      ) : null}

      {phase.kind === 'completed' ? (
        <div className={resultGridClass(phase.images.length)}>
          {phase.images.map((image, index) => (
            <GeneratedImageCard
              key={image.url}
              image={image}
              index={index}
              prompt={request?.prompt ?? ''}
              jobId={jobId}
              transparent={request?.background === 'transparent'}
            />
          ))}
        </div>
      ) : null}
    </section>
  );
}
