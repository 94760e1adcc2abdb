// The arithmetic behind the admin charts: a count axis with round ticks, day positions across the plot
// (mirrored for right-to-left languages, so time runs the reader's way), which day labels fit, and a
// one-sentence summary for screen readers. Pure functions, no DOM.

export interface ChartPoint {
  /** UTC day, YYYY-MM-DD */
  day: string;
  count: number;
}

export interface CountAxis {
  /** The top of the axis, a multiple of `step`, at least the largest value. */
  max: number;
  step: number;
  ticks: number[];
}

/**
 * A count axis from 0 with about `intervals` round steps (1, 2 or 5 times a power of ten, never below 1,
 * since counts are whole numbers). An all-zero series still gets a visible 0..intervals axis.
 */
export function countAxis(largest: number, intervals = 4): CountAxis {
  const top = Math.max(0, Number.isFinite(largest) ? largest : 0);
  const raw = Math.max(top / intervals, 1);
  const power = 10 ** Math.floor(Math.log10(raw));
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= raw)!;
  const max = step * Math.max(Math.ceil(top / step), top === 0 ? intervals : 1);
  const count = Math.round(max / step);
  return { max, step, ticks: Array.from({ length: count + 1 }, (_, index) => index * step) };
}

export interface PlotBox {
  /** Full drawing width in px. */
  width: number;
  height: number;
  /** Space for the count labels, on the left (right in right-to-left). */
  axisInline: number;
  /** Space after the plot, on the right (left in right-to-left). */
  endInline: number;
  top: number;
  /** Space for the day labels. */
  bottom: number;
  rtl: boolean;
}

/** Where the plot itself starts and ends horizontally, in left-to-right terms before mirroring. */
function plotSpan(box: PlotBox): { from: number; to: number } {
  return { from: box.axisInline, to: Math.max(box.axisInline + 1, box.width - box.endInline) };
}

/** Mirrors an x coordinate for right-to-left layouts. */
export function mirrorX(box: PlotBox, x: number): number {
  return box.rtl ? box.width - x : x;
}

/** The x of the count axis line (the plot's start edge). */
export function axisX(box: PlotBox): number {
  return mirrorX(box, plotSpan(box).from);
}

/** The x of the plot's far edge (where grid lines end). */
export function plotEndX(box: PlotBox): number {
  return mirrorX(box, plotSpan(box).to);
}

/** The y of a count on the axis. */
export function valueY(box: PlotBox, axis: CountAxis, value: number): number {
  const bottom = box.height - box.bottom;
  const span = bottom - box.top;
  return bottom - (Math.max(0, Math.min(value, axis.max)) / axis.max) * span;
}

export interface Band {
  /** Centre of the day's band. */
  center: number;
  /** Bar width (the band less its gap). */
  barWidth: number;
}

/** Equal bands for a bar chart, oldest day first along the reading direction. */
export function barBands(box: PlotBox, count: number, maxBar = 28): Band[] {
  if (count <= 0) return [];
  const { from, to } = plotSpan(box);
  const band = (to - from) / count;
  const barWidth = Math.max(1, Math.min(maxBar, band * 0.72));
  return Array.from({ length: count }, (_, index) => ({
    center: mirrorX(box, from + band * (index + 0.5)),
    barWidth,
  }));
}

/** Points of a line chart: the first day at the plot's start edge, the last at its end edge. */
export function linePoints(box: PlotBox, axis: CountAxis, values: readonly number[]): [number, number][] {
  const { from, to } = plotSpan(box);
  const inset = 8;
  const start = from + inset;
  const span = Math.max(0, to - inset - start);
  return values.map((value, index) => {
    const ratio = values.length === 1 ? 0.5 : index / (values.length - 1);
    return [mirrorX(box, start + span * ratio), valueY(box, axis, value)];
  });
}

/** An SVG path through the points; with `baseline`, closed down to it (the area under the line). */
export function pathThrough(points: readonly [number, number][], baseline?: number): string {
  if (points.length === 0) return '';
  const round = (n: number) => Math.round(n * 10) / 10;
  const line = points.map(([x, y], index) => `${index === 0 ? 'M' : 'L'}${round(x)} ${round(y)}`).join(' ');
  if (baseline === undefined) return line;
  const first = points[0]!;
  const last = points[points.length - 1]!;
  return `${line} L${round(last[0])} ${round(baseline)} L${round(first[0])} ${round(baseline)} Z`;
}

/**
 * Which day labels to draw so they never overlap: every `step`-th day counted back from the latest one,
 * which is always labelled (the most recent day is what an admin looks for first).
 */
export function labelledIndexes(count: number, plotWidth: number, labelWidth = 56): number[] {
  if (count <= 0) return [];
  const fit = Math.max(1, Math.floor(plotWidth / labelWidth));
  const step = Math.max(1, Math.ceil(count / fit));
  const indexes: number[] = [];
  for (let index = count - 1; index >= 0; index -= step) indexes.unshift(index);
  return indexes;
}

export interface SeriesSummary {
  total: number;
  /** The largest count and its (latest) day; null for an empty series. */
  peak: ChartPoint | null;
  /** The most recent day's count. */
  latest: ChartPoint | null;
}

export function summarizeSeries(points: readonly ChartPoint[]): SeriesSummary {
  let total = 0;
  let peak: ChartPoint | null = null;
  for (const point of points) {
    total += point.count;
    if (!peak || point.count >= peak.count) peak = point;
  }
  return { total, peak, latest: points.at(-1) ?? null };
}

/** A UTC day (YYYY-MM-DD) as a short date in the reader's language, e.g. "May 3". */
export function formatDay(day: string, locale: string, style: 'short' | 'long' = 'short'): string {
  const date = new Date(`${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return day;
  return new Intl.DateTimeFormat(locale, {
    month: style === 'short' ? 'short' : 'long',
    day: 'numeric',
    ...(style === 'long' ? { year: 'numeric' } : {}),
    timeZone: 'UTC',
  }).format(date);
}
