// Turns byte counts into ModelTaskProgress: the rate over the last few seconds (a download that stalls
// shows it quickly) and the ETA from that rate. Reports at most every 250 ms, plus whenever asked to flush.
import type { ModelTaskProgress } from '@pictura/common/queues';

const WINDOW_MS = 5000;
const EVERY_MS = 250;

export class ProgressMeter {
  private done = 0;
  private readonly samples: Array<{ at: number; bytes: number }> = [];
  private fetched = 0;
  private lastReport = 0;
  phase: ModelTaskProgress['phase'] = 'download';
  file: string | undefined;

  constructor(
    readonly total: number,
    private readonly report: ((p: ModelTaskProgress) => void) | undefined,
    private readonly now: () => number = Date.now,
  ) {}

  /** Bytes added; `fromDisk` ones were fetched by an earlier try and do not count for the rate. */
  add(bytes: number, fromDisk = false): void {
    this.done += bytes;
    if (!fromDisk) this.fetched += bytes;
    this.emit(false);
  }

  setPhase(phase: ModelTaskProgress['phase'], file?: string): void {
    this.phase = phase;
    this.file = file;
    this.emit(true);
  }

  snapshot(): ModelTaskProgress {
    const at = this.now();
    this.samples.push({ at, bytes: this.fetched });
    while (this.samples.length > 2 && at - this.samples[0]!.at > WINDOW_MS) this.samples.shift();
    const first = this.samples[0]!;
    const seconds = (at - first.at) / 1000;
    const rate = seconds > 0 ? (this.fetched - first.bytes) / seconds : 0;
    const bytesDone = Math.min(this.done, this.total);
    const progress: ModelTaskProgress = {
      phase: this.phase,
      bytesDone,
      bytesTotal: this.total,
      bytesPerSecond: Math.round(rate),
    };
    if (rate > 0 && this.phase === 'download')
      progress.etaSeconds = Math.ceil((this.total - bytesDone) / rate);
    if (this.file) progress.file = this.file;
    return progress;
  }

  emit(force: boolean): void {
    if (!this.report) return;
    const at = this.now();
    if (!force && at - this.lastReport < EVERY_MS) return;
    this.lastReport = at;
    this.report(this.snapshot());
  }
}
