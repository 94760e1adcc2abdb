// Solves a security-check challenge in Web Workers (one slice of the numbers each), so the page stays
// responsive, and reports the share of numbers tried (the answer is usually found about half way).
import type { SecurityCheckChallenge } from './security-check.ts';
import type { SolveMessage } from './solve.worker.ts';
import SolveWorker from './solve.worker.ts?worker';

export async function solveInWorkers(
  challenge: SecurityCheckChallenge,
  onProgress: (fraction: number) => void,
  signal: AbortSignal,
): Promise<number> {
  const count = Math.max(1, Math.min(4, (navigator.hardwareConcurrency || 2) - 1));
  const size = Math.ceil((challenge.maxnumber + 1) / count);
  const workers = Array.from({ length: count }, () => new SolveWorker());
  let tried = 0;
  try {
    return await new Promise<number>((resolve, reject) => {
      let finished = 0;
      signal.addEventListener('abort', () => reject(signal.reason), { once: true });
      workers.forEach((worker, index) => {
        worker.onerror = () => reject(new Error('security check worker failed'));
        worker.onmessage = (event: MessageEvent<SolveMessage>) => {
          const message = event.data;
          if (message.type === 'progress') {
            tried += message.tried;
            onProgress(Math.min(1, tried / (challenge.maxnumber + 1)));
          } else if (message.number !== null) {
            resolve(message.number);
          } else if (++finished === count) {
            reject(new Error('security check not solved'));
          }
        };
        const start = index * size;
        worker.postMessage({
          challenge: challenge.challenge,
          salt: challenge.salt,
          algorithm: challenge.algorithm,
          start,
          end: Math.min(challenge.maxnumber, start + size - 1),
        });
      });
    });
  } finally {
    for (const worker of workers) worker.terminate();
  }
}
