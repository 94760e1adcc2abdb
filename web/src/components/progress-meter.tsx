// A status line with a percent, above a progress bar: what the generator and the upscaler show while working.
interface ProgressMeterProps {
  /** What is happening ("Generating…", "In the queue…"). */
  label: string;
  /** The percent as text, already translated. */
  percentText: string;
  /** 0..100 */
  percent: number;
  /** The bar's accessible name. */
  barLabel: string;
}

export function ProgressMeter({ label, percentText, percent, barLabel }: ProgressMeterProps) {
  return (
    <div className="progress">
      <div className="status-line">
        <span className="status-dot status-dot--active" aria-hidden="true" />
        <span>{label}</span>
        <span className="progress__percent">{percentText}</span>
      </div>
      <div
        className="progress__track"
        role="progressbar"
        aria-label={barLabel}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className="progress__bar" style={{ inlineSize: `${percent}%` }} />
      </div>
    </div>
  );
}
