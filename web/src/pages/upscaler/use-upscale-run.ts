import { useCallback, useEffect, useRef, useState } from 'react';
import type { OutputFormat } from '../../api/upload.ts';
import { fetchFileSize, UploadError } from '../../api/upload.ts';
import { useCancelJob } from '../../hooks/use-cancel-job.ts';
import { useGenerationJob } from '../../hooks/use-generation-job.ts';
import { useStartUpscale } from '../../hooks/use-start-upscale.ts';
import {
  EXAMPLE_DELAY_MS,
  EXAMPLE_RESULT,
  jobErrorMessage,
  type Message,
  progressPercent,
  UPSCALE_TIMEOUT_MS,
  upscaleErrorMessage,
} from './upscaler-model.ts';

export interface UpscaleResult {
  url: string;
  width: number;
  height: number;
  /** null when the server did not say */
  bytes: number | null;
  /** The image check found it may be unsuitable: shown blurred behind the same notice as a generation. */
  flagged: boolean;
}

export type UpscalePhase =
  | { kind: 'idle' }
  | { kind: 'working'; percent: number; queued: boolean }
  | { kind: 'done'; result: UpscaleResult }
  /** Stopped at the user's request: nothing kept. */
  | { kind: 'cancelled' }
  | { kind: 'failed'; message: Message };

export interface UpscaleInput {
  imageUrl: string;
  isExample: boolean;
  format: OutputFormat;
  model: string;
  /** How long to wait before giving up (a slow model gets longer: upscaleTimeoutMs). */
  timeoutMs: number;
}

interface Callbacks {
  onDone: (result: UpscaleResult) => void;
  onFailed: (message: Message) => void;
}

/**
 * One upscale at a time (spec 4): idle → working → done or failed. A real image is sent with ?async=1 and
 * followed over the job's event stream (real tile progress, capped at 95% until done); the default example
 * gets its canned result after a second without any call. The whole run times out after 60 s, or after
 * the time the caller allows a slow model.
 */
export function useUpscaleRun(callbacks: Callbacks) {
  const [phase, setPhase] = useState<UpscalePhase>({ kind: 'idle' });
  const [jobId, setJobId] = useState<string | null>(null);
  const runId = useRef(0);
  const working = useRef(false);
  const callbacksRef = useRef(callbacks);
  callbacksRef.current = callbacks;
  const startUpscale = useStartUpscale();
  const job = useGenerationJob(jobId);

  const finish = useCallback((id: number, result: UpscaleResult | null, message?: Message) => {
    if (id !== runId.current || !working.current) return;
    working.current = false;
    setJobId(null);
    if (result) {
      setPhase({ kind: 'done', result });
      callbacksRef.current.onDone(result);
    } else {
      const failure = message ?? { key: 'upscaleFailed' };
      setPhase({ kind: 'failed', message: failure });
      callbacksRef.current.onFailed(failure);
    }
  }, []);

  const start = useCallback(
    (input: UpscaleInput) => {
      if (working.current) return; // a second start is ignored while working
      const id = ++runId.current;
      working.current = true;
      setJobId(null);
      setPhase({ kind: 'working', percent: 0, queued: !input.isExample });

      if (input.isExample) {
        setTimeout(async () => {
          const bytes = await fetchFileSize(EXAMPLE_RESULT.url);
          finish(id, { ...EXAMPLE_RESULT, bytes, flagged: false });
        }, EXAMPLE_DELAY_MS);
        return;
      }

      const startedAt = Date.now();
      const timeoutMs = Math.max(UPSCALE_TIMEOUT_MS, input.timeoutMs);
      setTimeout(() => finish(id, null, upscaleErrorMessage(new UploadError('timeout', ''))), timeoutMs);
      startUpscale.mutate(
        {
          request: {
            image_url: input.imageUrl,
            format: input.format,
            ...(input.model ? { model: input.model } : {}),
          },
          // The call itself answers at once (202); only the job takes long.
          timeoutMs: UPSCALE_TIMEOUT_MS,
        },
        {
          onSuccess: (accepted) => {
            if (id === runId.current && Date.now() - startedAt < timeoutMs) setJobId(accepted.job_id);
          },
          onError: (error) => finish(id, null, upscaleErrorMessage(error)),
        },
      );
    },
    [finish, startUpscale],
  );

  const data = jobId ? job.data : undefined;
  const pollError = jobId ? job.error : null;

  useEffect(() => {
    if (!data || data.job_id !== jobId) return;
    const id = runId.current;
    if (data.status === 'completed') {
      const image = data.images[0];
      if (!image) {
        finish(id, null, { key: 'upscaleFailed' });
        return;
      }
      setPhase({ kind: 'working', percent: 100, queued: false });
      void fetchFileSize(image.url).then((bytes) =>
        finish(id, {
          url: image.url,
          width: image.width,
          height: image.height,
          bytes,
          flagged: image.flagged === true,
        }),
      );
    } else if (data.status === 'cancelled') {
      if (id !== runId.current || !working.current) return;
      working.current = false;
      setJobId(null);
      setPhase({ kind: 'cancelled' });
    } else if (data.status === 'error') {
      finish(id, null, jobErrorMessage(data.error));
    } else if (working.current) {
      setPhase({
        kind: 'working',
        percent: progressPercent(data.progress, false),
        queued: data.status === 'waiting',
      });
    }
  }, [data, jobId, finish]);

  useEffect(() => {
    if (pollError) finish(runId.current, null, { key: 'network' });
  }, [pollError, finish]);

  /** Back to idle: forgets the current run (a late answer is ignored) and the previous result. */
  const reset = useCallback(() => {
    runId.current++;
    working.current = false;
    setJobId(null);
    setPhase({ kind: 'idle' });
  }, []);

  const cancelJob = useCancelJob();
  const { mutate: cancelMutate } = cancelJob;
  /** Stops the job being followed (waiting: at once; running: at its next tile). */
  const cancel = useCallback(() => {
    if (jobId) cancelMutate(jobId);
  }, [jobId, cancelMutate]);
  const cancelling =
    phase.kind === 'working' && cancelJob.variables === jobId && (cancelJob.isPending || cancelJob.isSuccess);

  return { phase, start, reset, cancel, canCancel: jobId !== null, cancelling };
}
