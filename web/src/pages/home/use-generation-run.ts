import { useCallback, useEffect, useRef, useState } from 'react';
import type { GenerateRequest } from '../../api/generation.ts';
import { useCancelJob } from '../../hooks/use-cancel-job.ts';
import { useCreateGeneration } from '../../hooks/use-create-generation.ts';
import { useGenerationJob } from '../../hooks/use-generation-job.ts';
import { type GenerationPhase, generationPhase, isActivePhase } from './generation-phase.ts';

/** After this long without a result the panel says it is taking longer than usual, and offers a retry. */
export const SLOW_AFTER_MS = 20_000;
/** After this long the request is likely stuck. */
export const STALLED_AFTER_MS = 120_000;

export type WaitHint = 'none' | 'slow' | 'stalled';

interface Run {
  id: number;
  request: GenerateRequest;
  jobId: string | null;
}

function useWaitHint(active: boolean, runId: number | undefined): WaitHint {
  const [hint, setHint] = useState<{ runId: number | undefined; level: WaitHint }>({
    runId: undefined,
    level: 'none',
  });
  useEffect(() => {
    if (!active) return;
    const slow = setTimeout(() => setHint({ runId, level: 'slow' }), SLOW_AFTER_MS);
    const stalled = setTimeout(() => setHint({ runId, level: 'stalled' }), STALLED_AFTER_MS);
    return () => {
      clearTimeout(slow);
      clearTimeout(stalled);
    };
  }, [active, runId]);
  return active && hint.runId === runId ? hint.level : 'none';
}

/** One generation at a time: start it, follow it, cancel it, retry it. */
export function useGenerationRun(): {
  phase: GenerationPhase;
  waitHint: WaitHint;
  request: GenerateRequest | null;
  jobId: string | null;
  start: (request: GenerateRequest) => void;
  retry: () => void;
  cancel: () => void;
  /** A cancel was asked for and the job has not ended yet (a running job stops at its next step). */
  cancelling: boolean;
} {
  const createGeneration = useCreateGeneration();
  const { mutate } = createGeneration;
  const [run, setRun] = useState<Run | null>(null);
  const nextRunId = useRef(1);
  const job = useGenerationJob(run?.jobId ?? null);

  const phase = generationPhase({
    started: run !== null,
    submitting: createGeneration.isPending,
    submitError: createGeneration.error,
    job: run?.jobId ? job.data : undefined,
    jobError: run?.jobId ? job.error : null,
  });
  const waitHint = useWaitHint(isActivePhase(phase), run?.id);

  const start = useCallback(
    (request: GenerateRequest) => {
      const id = nextRunId.current++;
      setRun({ id, request, jobId: null });
      mutate(request, {
        onSuccess: (accepted) =>
          setRun((current) => (current?.id === id ? { ...current, jobId: accepted.job_id } : current)),
      });
    },
    [mutate],
  );

  const retry = useCallback(() => {
    if (run) start(run.request);
  }, [run, start]);

  const cancelJob = useCancelJob();
  const { mutate: cancelMutate } = cancelJob;
  const jobId = run?.jobId ?? null;
  const cancel = useCallback(() => {
    if (jobId) cancelMutate(jobId);
  }, [jobId, cancelMutate]);
  const cancelling =
    isActivePhase(phase) && cancelJob.variables === jobId && (cancelJob.isPending || cancelJob.isSuccess);

  return { phase, waitHint, request: run?.request ?? null, jobId, start, retry, cancel, cancelling };
}
