// Sizes, rates and durations in the reader's language, for downloads, model sizes and time estimates.

const formats = new Map<string, Intl.NumberFormat>();

/**
 * One Intl.NumberFormat per language and options, made on first use: making one costs far more than
 * formatting with it (a few milliseconds on a phone), and a page formats the same kinds of number many
 * times per render.
 */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  const key = `${locale}|${JSON.stringify(options)}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, options);
    formats.set(key, format);
  }
  return format;
}

/**
 * Makes a number format ahead, in a task of its own once the current one ends: a page's first number
 * format loads the number data (tens of milliseconds on a phone), which would otherwise land inside the
 * render that first shows a number and keep the page from answering taps meanwhile. Returns the cancel
 * (an effect's clean-up).
 */
export function prepareNumberFormat(locale: string, options: Intl.NumberFormatOptions = {}): () => void {
  const timer = setTimeout(() => numberFormat(locale, options));
  return () => clearTimeout(timer);
}

const BYTE_UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/** Scales bytes to the largest unit under 1024 of it: 2_500_000 → { value: 2.38…, unit: 'megabyte' }. */
function scaleBytes(bytes: number): { value: number; unit: (typeof BYTE_UNITS)[number]; index: number } {
  let value = Math.max(0, bytes);
  let index = 0;
  while (value >= 1024 && index < BYTE_UNITS.length - 1) {
    value /= 1024;
    index++;
  }
  return { value, unit: BYTE_UNITS[index]!, index };
}

function formatScaled(bytes: number, locale: string, suffix: '' | '-per-second'): string {
  const { value, unit, index } = scaleBytes(bytes);
  return numberFormat(locale, {
    style: 'unit',
    unit: `${unit}${suffix}`,
    unitDisplay: 'short',
    maximumFractionDigits: index === 0 ? 0 : 1,
  }).format(value);
}

/** Bytes → a short size: "812 kB", "2.4 MB", "2.6 GB" (steps of 1024, one decimal past bytes). */
export function formatBytes(bytes: number, locale: string): string {
  return formatScaled(bytes, locale, '');
}

/** Bytes per second → "12.5 MB/s". */
export function formatRate(bytesPerSecond: number, locale: string): string {
  return formatScaled(bytesPerSecond, locale, '-per-second');
}

function unitText(value: number, unit: 'hour' | 'minute' | 'second' | 'millisecond', locale: string): string {
  return numberFormat(locale, { style: 'unit', unit, unitDisplay: 'short' }).format(value);
}

/**
 * Seconds → "45 sec", "2 min 10 sec", "1 hr 5 min". Rounded to what a reader can use: whole seconds under
 * a minute, tens of seconds under an hour, whole minutes past it; never "0 sec". With `subSecond`, times
 * under a second read in milliseconds ("20 ms": a per-image cost), else they count as a second (a wait).
 */
export function formatDuration(seconds: number, locale: string, subSecond = false): string {
  const finite = Number.isFinite(seconds) ? seconds : 1;
  if (subSecond && finite > 0 && finite < 1)
    return unitText(Math.max(1, Math.round(finite * 1000)), 'millisecond', locale);
  const total = Math.max(1, finite);
  if (total < 60) return unitText(Math.round(total) || 1, 'second', locale);
  if (total < 3600) {
    const rounded = Math.round(total / 10) * 10;
    const minutes = Math.floor(rounded / 60);
    const rest = rounded % 60;
    if (minutes >= 60) return unitText(1, 'hour', locale);
    return rest === 0
      ? unitText(minutes, 'minute', locale)
      : `${unitText(minutes, 'minute', locale)} ${unitText(rest, 'second', locale)}`;
  }
  const rounded = Math.round(total / 60);
  const hours = Math.floor(rounded / 60);
  const minutes = rounded % 60;
  return minutes === 0
    ? unitText(hours, 'hour', locale)
    : `${unitText(hours, 'hour', locale)} ${unitText(minutes, 'minute', locale)}`;
}
