// How the CLI shows an install's progress: a bar redrawn in place on a terminal (bytes, rate, ETA), plain
// lines otherwise (logs of `npm start`, compose and Kubernetes init containers) at most every 5 seconds.
import type { ModelTaskProgress } from '@pictura/common/queues';
import { formatBytes } from './disk-space.ts';

function formatDuration(seconds: number): string {
  const s = Math.max(0, Math.round(seconds));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const pad = (n: number) => String(n).padStart(2, '0');
  return h ? `${h}:${pad(m)}:${pad(s % 60)}` : `${m}:${pad(s % 60)}`;
}

export function describeProgress(p: ModelTaskProgress): string {
  const percent = p.bytesTotal ? Math.floor((p.bytesDone / p.bytesTotal) * 100) : 0;
  if (p.phase !== 'download')
    return {
      verify: 'verifying checksums',
      convert: 'converting to ONNX',
      install: 'installing',
      remove: 'removing',
    }[p.phase];
  const rate = p.bytesPerSecond ? `  ${formatBytes(p.bytesPerSecond)}/s` : '';
  const eta = p.etaSeconds !== undefined ? `  ETA ${formatDuration(p.etaSeconds)}` : '';
  return `${String(percent).padStart(3)}%  ${formatBytes(p.bytesDone)} / ${formatBytes(p.bytesTotal)}${rate}${eta}${p.file ? `  ${p.file}` : ''}`;
}

export function createProgressPrinter(
  out: NodeJS.WriteStream,
  label: string,
  now: () => number = Date.now,
): { update(p: ModelTaskProgress): void; done(): void } {
  let lastLine = 0;
  let lastPhase = '';
  let drawn = false;
  return {
    update(p) {
      if (out.isTTY) {
        const width = 24;
        const filled = p.bytesTotal ? Math.round((p.bytesDone / p.bytesTotal) * width) : 0;
        const bar = `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}]`;
        const line = `${label} ${bar} ${describeProgress(p)}`.slice(0, (out.columns || 120) - 1);
        out.write(`\r\x1b[2K${line}`);
        drawn = true;
        return;
      }
      if (p.phase === lastPhase && now() - lastLine < 5000) return;
      lastPhase = p.phase;
      lastLine = now();
      out.write(`${label}: ${describeProgress(p)}\n`);
    },
    done() {
      if (drawn) out.write('\n');
      drawn = false;
    },
  };
}
