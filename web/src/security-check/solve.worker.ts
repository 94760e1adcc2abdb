// Searches one slice of a security-check challenge's numbers off the main thread, in chunks, reporting how
// many it has tried after each so the dialog can show progress; altcha-lib does the hashing.
import { solveChallenge } from 'altcha-lib/v1';

export interface SolveSlice {
  challenge: string;
  salt: string;
  algorithm: string;
  start: number;
  end: number;
}

export type SolveMessage = { type: 'progress'; tried: number } | { type: 'done'; number: number | null };

const CHUNK = 2000;

self.onmessage = async (event: MessageEvent<SolveSlice>) => {
  const { challenge, salt, algorithm, start, end } = event.data;
  for (let from = start; from <= end; from += CHUNK) {
    const to = Math.min(from + CHUNK - 1, end);
    const found = await solveChallenge(challenge, salt, algorithm, to, from).promise;
    if (found) {
      self.postMessage({ type: 'done', number: found.number } satisfies SolveMessage);
      return;
    }
    self.postMessage({ type: 'progress', tried: to - from + 1 } satisfies SolveMessage);
  }
  self.postMessage({ type: 'done', number: null } satisfies SolveMessage);
};
