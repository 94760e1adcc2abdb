import { describe, expect, it } from 'vitest';
import {
  axisX,
  barBands,
  countAxis,
  formatDay,
  labelledIndexes,
  linePoints,
  type PlotBox,
  pathThrough,
  plotEndX,
  summarizeSeries,
  valueY,
} from './chart-scale.ts';

const box = (rtl: boolean): PlotBox => ({
  width: 500,
  height: 200,
  axisInline: 40,
  endInline: 10,
  top: 10,
  bottom: 30,
  rtl,
});

describe('countAxis', () => {
  it('rounds the top up to a whole step of 1, 2 or 5 times a power of ten', () => {
    expect(countAxis(17)).toEqual({ max: 20, step: 5, ticks: [0, 5, 10, 15, 20] });
    expect(countAxis(3)).toEqual({ max: 3, step: 1, ticks: [0, 1, 2, 3] });
    expect(countAxis(120).ticks).toEqual([0, 50, 100, 150]);
    expect(countAxis(1000).max).toBeGreaterThanOrEqual(1000);
  });

  it('never steps below one (counts are whole) and still draws an axis for an empty series', () => {
    expect(countAxis(1)).toEqual({ max: 1, step: 1, ticks: [0, 1] });
    expect(countAxis(0)).toEqual({ max: 4, step: 1, ticks: [0, 1, 2, 3, 4] });
    expect(countAxis(Number.NaN).max).toBe(4);
  });
});

describe('positions', () => {
  it('puts zero on the baseline and the axis top at the plot top', () => {
    const axis = countAxis(10);
    expect(valueY(box(false), axis, 0)).toBe(170);
    expect(valueY(box(false), axis, axis.max)).toBe(10);
    expect(valueY(box(false), axis, 999)).toBe(10);
  });

  it('runs time left to right, and right to left when mirrored', () => {
    const ltr = barBands(box(false), 3);
    expect(ltr.map((band) => band.center)).toEqual([115, 265, 415]);
    const rtl = barBands(box(true), 3);
    expect(rtl.map((band) => band.center)).toEqual([385, 235, 85]);
    expect(axisX(box(false))).toBe(40);
    expect(axisX(box(true))).toBe(460);
    expect(plotEndX(box(true))).toBe(10);
  });

  it('keeps bars slim when there are few days', () => {
    expect(barBands(box(false), 2)[0]!.barWidth).toBe(28);
    expect(barBands(box(false), 0)).toEqual([]);
  });

  it('starts and ends the line inside the plot, mirrored for right-to-left', () => {
    const axis = countAxis(4);
    const ltr = linePoints(box(false), axis, [0, 4]);
    expect(ltr).toEqual([
      [48, 170],
      [482, 10],
    ]);
    expect(linePoints(box(true), axis, [0, 4])).toEqual([
      [452, 170],
      [18, 10],
    ]);
  });
});

describe('pathThrough', () => {
  it('draws the line, or closes the area down to the baseline', () => {
    expect(
      pathThrough([
        [0, 5],
        [10, 2.25],
      ]),
    ).toBe('M0 5 L10 2.3');
    expect(
      pathThrough(
        [
          [0, 5],
          [10, 2],
        ],
        9,
      ),
    ).toBe('M0 5 L10 2 L10 9 L0 9 Z');
    expect(pathThrough([])).toBe('');
  });
});

describe('labelledIndexes', () => {
  it('labels every day when they fit', () => {
    expect(labelledIndexes(5, 500)).toEqual([0, 1, 2, 3, 4]);
  });

  it('thins labels to fit and always keeps the latest day', () => {
    const indexes = labelledIndexes(30, 300);
    expect(indexes.at(-1)).toBe(29);
    expect(indexes.length).toBeLessThanOrEqual(Math.floor(300 / 56));
    const gaps = indexes.slice(1).map((value, i) => value - indexes[i]!);
    expect(new Set(gaps).size).toBe(1);
  });
});

describe('summarizeSeries', () => {
  it('totals the series and finds its latest peak and last day', () => {
    const summary = summarizeSeries([
      { day: '2025-05-01', count: 3 },
      { day: '2025-05-02', count: 5 },
      { day: '2025-05-03', count: 5 },
      { day: '2025-05-04', count: 1 },
    ]);
    expect(summary).toEqual({
      total: 14,
      peak: { day: '2025-05-03', count: 5 },
      latest: { day: '2025-05-04', count: 1 },
    });
    expect(summarizeSeries([])).toEqual({ total: 0, peak: null, latest: null });
  });
});

describe('formatDay', () => {
  it('reads the day as UTC, whatever the machine’s zone', () => {
    expect(formatDay('2025-05-03', 'en')).toBe('May 3');
    expect(formatDay('2025-05-03', 'en', 'long')).toBe('May 3, 2025');
    expect(formatDay('garbage', 'en')).toBe('garbage');
  });
});
