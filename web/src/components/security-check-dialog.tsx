// The Security check dialog (spec: "a human-verification step"). Mounted once; when a call answers
// challenge_required (security-check/security-check.ts), it opens, says what is happening, fetches a
// challenge, solves it in Web Workers with visible progress, hands the solution back for the one retry and
// closes. Nothing to click unless it fails; Cancel (or Escape) gives the refusal back to the page.
import { useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  fetchChallenge,
  registerSecurityCheckSolver,
  solutionPayload,
} from '../security-check/security-check.ts';
import { solveInWorkers } from '../security-check/solve-challenge.ts';
import { DialogFrame } from './dialog-frame.tsx';
import { AlertIcon, CheckIcon } from './icons.tsx';
import './confirm-dialog.css';
import './security-check-dialog.css';

type Phase = 'closed' | 'working' | 'failed';

interface Pending {
  resolve: (solution: string) => void;
  reject: (reason: Error) => void;
}

export function SecurityCheckDialog() {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<Phase>('closed');
  const [progress, setProgress] = useState(0);
  const pending = useRef<Pending | null>(null);
  const running = useRef<AbortController | null>(null);
  const ids = { title: useId(), text: useId() };

  const run = useCallback(async () => {
    running.current?.abort();
    const controller = new AbortController();
    running.current = controller;
    setPhase('working');
    setProgress(0);
    try {
      const challenge = await fetchChallenge();
      const number = await solveInWorkers(challenge, setProgress, controller.signal);
      if (controller.signal.aborted) return;
      const done = pending.current;
      pending.current = null;
      setPhase('closed');
      done?.resolve(solutionPayload(challenge, number));
    } catch {
      if (!controller.signal.aborted) setPhase('failed');
    }
  }, []);

  const cancel = useCallback(() => {
    running.current?.abort(new Error('security check cancelled'));
    const refused = pending.current;
    pending.current = null;
    setPhase('closed');
    refused?.reject(new Error('security check cancelled'));
  }, []);

  useEffect(
    () =>
      registerSecurityCheckSolver(
        () =>
          new Promise<string>((resolve, reject) => {
            // One check at a time: a second caller keeps its refusal.
            if (pending.current) return reject(new Error('security check already open'));
            pending.current = { resolve, reject };
            void run();
          }),
      ),
    [run],
  );

  if (phase === 'closed') return null;
  const percent = Math.round(progress * 100);

  // The backdrop does not close it: a stray click would throw away the work done so far.
  return (
    <DialogFrame
      onClose={cancel}
      className="confirm-dialog security-check"
      labelledBy={ids.title}
      describedBy={ids.text}
      backdropCloses={false}
      portal
      testId="security-check-dialog"
    >
      <span
        className={`confirm-dialog__icon${phase === 'working' ? ' confirm-dialog__icon--accent' : ''}`}
        aria-hidden="true"
      >
        {phase === 'failed' ? <AlertIcon /> : <CheckIcon />}
      </span>
      <h2 id={ids.title} className="confirm-dialog__title">
        {t('securityCheck.title')}
      </h2>
      <p id={ids.text} className="confirm-dialog__text">
        {t('securityCheck.explain')}
      </p>
      <div className="security-check__status" aria-live="polite">
        {phase === 'working' ? (
          <>
            <div className="security-check__line">
              <span className="spinner" aria-hidden="true" />
              <span>{t('securityCheck.checking')}</span>
              <span className="security-check__percent">{t('securityCheck.percent', { percent })}</span>
            </div>
            <div
              className="security-check__track"
              role="progressbar"
              aria-label={t('securityCheck.progressLabel')}
              aria-valuemin={0}
              aria-valuemax={100}
              aria-valuenow={percent}
            >
              <div className="security-check__bar" style={{ inlineSize: `${Math.max(4, percent)}%` }} />
            </div>
          </>
        ) : (
          <div className="notice notice--danger confirm-dialog__error" role="alert">
            <AlertIcon className="notice__icon" />
            <span className="notice__body">{t('securityCheck.failed')}</span>
          </div>
        )}
      </div>
      <div className="confirm-dialog__actions">
        <button type="button" className="button" onClick={cancel} data-autofocus>
          {t('securityCheck.cancel')}
        </button>
        {phase === 'failed' ? (
          <button type="button" className="button button--primary" onClick={() => void run()}>
            {t('securityCheck.retry')}
          </button>
        ) : null}
      </div>
    </DialogFrame>
  );
}
