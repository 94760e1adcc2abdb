// One exchange of the chat: the user's message, then the image it made (or its progress, or its error).
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { GeneratedImage } from '../../api/generation.ts';
import { CancelJobButton } from '../../components/cancel-job-button.tsx';
import { AlertIcon, RetryIcon, SparklesIcon } from '../../components/icons.tsx';
import { ProgressMeter } from '../../components/progress-meter.tsx';
import { useSceneWords } from '../../components/scene-line.tsx';
import { useCancelJob } from '../../hooks/use-cancel-job.ts';
import { useGenerationJob } from '../../hooks/use-generation-job.ts';
import { type GenerationPhase, generationPhase } from '../home/generation-phase.ts';
import { ChatImage } from './chat-image.tsx';
import type { ChatTurn } from './chat-store.ts';
import { describeSceneChanges, sceneChanges } from './scene-changes.ts';

type TurnResult = Pick<ChatTurn, 'status' | 'image' | 'error'>;

interface ChatTurnViewProps {
  turn: ChatTurn;
  /** The first message of the conversation. */
  first: boolean;
  /** The image this refinement started from; null when the turn starts an image or follows none. */
  previousImage: GeneratedImage | null;
  onFinished: (turnId: string, result: TurnResult) => void;
  onRetry: (turn: ChatTurn) => void;
}

function PhaseStatus({ phase }: { phase: GenerationPhase }) {
  const { t } = useTranslation('chat');
  if (phase.kind === 'waiting') {
    return (
      <div className="status-line">
        <span className="status-dot status-dot--active" aria-hidden="true" />
        <span>{t('translation:status.waiting')}</span>
        <span className="status-badge">
          {phase.position > 0
            ? t('translation:status.queuePosition', { position: phase.position })
            : t('translation:status.queueNext')}
        </span>
      </div>
    );
  }
  if (phase.kind === 'processing') {
    return (
      <ProgressMeter
        label={t('turn.processing')}
        percentText={t('translation:status.progress', { percent: phase.percent })}
        percent={phase.percent}
        barLabel={t('turn.processing')}
      />
    );
  }
  return (
    <div className="status-line">
      <span className="status-dot status-dot--active" aria-hidden="true" />
      <span>{t('translation:status.submitting')}</span>
    </div>
  );
}

/** Follows the turn's job and reports how it ended, once. */
function FollowJob({ turn, onFinished }: { turn: ChatTurn; onFinished: ChatTurnViewProps['onFinished'] }) {
  const job = useGenerationJob(turn.jobId);
  const phase = generationPhase({
    started: true,
    submitting: false,
    submitError: null,
    job: job.data,
    jobError: job.error,
  });
  const reported = useRef(false);
  const latest = useRef({ phase, onFinished });
  latest.current = { phase, onFinished };
  const kind = phase.kind;
  const cancelJob = useCancelJob();
  useEffect(() => {
    if (reported.current || (kind !== 'completed' && kind !== 'error' && kind !== 'cancelled')) return;
    const { phase: now, onFinished: report } = latest.current;
    if (now.kind === 'cancelled') {
      reported.current = true;
      report(turn.id, { status: 'cancelled', image: null, error: null });
    } else if (now.kind === 'completed') {
      reported.current = true;
      report(turn.id, { status: 'completed', image: now.images[0] ?? null, error: null });
    } else if (now.kind === 'error') {
      reported.current = true;
      report(turn.id, {
        status: 'error',
        image: null,
        error: { message: now.message, fallbackKey: now.fallbackKey },
      });
    }
  }, [kind, turn.id]);
  return (
    <>
      <PhaseStatus phase={phase} />
      {turn.jobId && (kind === 'waiting' || kind === 'processing') ? (
        <div className="results__actions">
          <CancelJobButton
            onCancel={() => cancelJob.mutate(turn.jobId!)}
            cancelling={cancelJob.isPending || cancelJob.isSuccess}
          />
        </div>
      ) : null}
    </>
  );
}

/** What the refinement changed in the picture, when both images say what they drew. */
function SceneChanges({ before, after }: { before: GeneratedImage; after: GeneratedImage }) {
  const { t } = useTranslation('chat');
  const words = useSceneWords();
  if (!before.scene || !after.scene) return null;
  return (
    <p className="chat-msg__changes">
      {describeSceneChanges(sceneChanges(before.scene, after.scene), words, t)}
    </p>
  );
}

export function ChatTurnView({ turn, first, previousImage, onFinished, onRetry }: ChatTurnViewProps) {
  const { t } = useTranslation('chat');
  const startsImage = first || turn.startsNewImage;
  // Cancelled or failed, the turn offers the same retry.
  const retryButton = (
    <button type="button" className="button button--small" onClick={() => onRetry(turn)}>
      <RetryIcon />
      {t('turn.retry')}
    </button>
  );

  return (
    <li className="chat-turn">
      {startsImage && !first ? (
        <p className="chat-divider">
          <span>{t('turn.newImageDivider')}</span>
        </p>
      ) : null}
      <div className="chat-msg chat-msg--user">
        <span className="visually-hidden">{t('turn.you')}</span>
        <span className="chat-msg__tag">{startsImage ? t('turn.newImageTag') : t('turn.refineTag')}</span>
        <p className="chat-msg__text" dir="auto">
          {turn.text}
        </p>
      </div>

      <div className="chat-msg chat-msg--assistant" aria-busy={turn.status === 'pending'}>
        <span className="chat-msg__avatar" aria-hidden="true">
          <SparklesIcon width={16} height={16} />
        </span>
        <div className="chat-msg__content">
          <span className="visually-hidden">{t('turn.assistant')}</span>
          {/* One polite live region per turn: its progress, then that the image is ready. */}
          <div className="chat-msg__status" role="status">
            {turn.status === 'pending' ? (
              turn.jobId ? (
                <FollowJob turn={turn} onFinished={onFinished} />
              ) : (
                <PhaseStatus phase={{ kind: 'submitting' }} />
              )
            ) : null}
            {turn.status === 'completed' ? <span className="visually-hidden">{t('turn.ready')}</span> : null}
          </div>

          {turn.status === 'cancelled' ? (
            <div className="notice notice--muted">
              <div className="notice__body">
                <p>{t('translation:status.cancelledNothingKept')}</p>
              </div>
              {retryButton}
            </div>
          ) : null}

          {turn.status === 'error' ? (
            <div className="notice notice--danger" role="alert">
              <AlertIcon className="notice__icon" />
              <div className="notice__body">
                <p className="notice__title">{t('turn.errorTitle')}</p>
                <p>
                  {turn.error?.message ??
                    t(`translation:${turn.error?.fallbackKey ?? 'errors.generateFailed'}`)}
                </p>
              </div>
              {retryButton}
            </div>
          ) : null}

          {turn.status === 'completed' && turn.image && previousImage && !startsImage ? (
            <SceneChanges before={previousImage} after={turn.image} />
          ) : null}

          {turn.status === 'completed' && turn.image ? (
            <div className="chat-msg__image">
              <ChatImage image={turn.image} prompt={turn.prompt} jobId={turn.jobId} />
            </div>
          ) : null}

          <p className="chat-msg__prompt">
            <span className="chat-msg__prompt-label">
              {startsImage ? t('turn.promptNew') : t('turn.promptRefined')}
            </span>{' '}
            <span className="chat-msg__prompt-text" dir="auto">
              {turn.prompt}
            </span>
          </p>
        </div>
      </div>
    </li>
  );
}
