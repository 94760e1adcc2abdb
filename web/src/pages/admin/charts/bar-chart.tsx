// A per-day bar chart drawn as inline SVG (no chart library): round count ticks, day labels that never
// collide, time running in the reader's direction, and a table of the numbers for screen readers.
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { CountGrid, DayLabels } from './chart-axes.tsx';
import { CHART_HEIGHT, ChartFrame } from './chart-frame.tsx';
import { barBands, type ChartPoint, countAxis, formatDay, type PlotBox, valueY } from './chart-scale.ts';

export interface SeriesChartProps {
  title: string;
  seriesLabel: string;
  points: readonly ChartPoint[];
  /** `accent` (violet), `cyan`, `amber` or `rose`. */
  tone?: 'accent' | 'cyan' | 'amber' | 'rose';
  aside?: ReactNode;
}

export function plotBox(width: number, rtl: boolean): PlotBox {
  return { width, height: CHART_HEIGHT, axisInline: 44, endInline: 12, top: 14, bottom: 30, rtl };
}

export function BarChart({ title, seriesLabel, points, tone = 'accent', aside }: SeriesChartProps) {
  const { i18n } = useTranslation('admin');
  const locale = i18n.language;
  const number = new Intl.NumberFormat(locale);

  const draw = (width: number, rtl: boolean) => {
    const box = plotBox(width, rtl);
    const axis = countAxis(Math.max(0, ...points.map((point) => point.count)));
    const bands = barBands(box, points.length);
    const baseline = valueY(box, axis, 0);
    return (
      <>
        <CountGrid box={box} axis={axis} locale={locale} />
        <g className={`chart__bars chart--${tone}`}>
          {points.map((point, index) => {
            const band = bands[index]!;
            const y = valueY(box, axis, point.count);
            // A zero day still shows a hairline, so an empty day reads as "none", not "missing".
            const height = Math.max(point.count > 0 ? 2 : 1, baseline - y);
            return (
              <rect
                key={point.day}
                x={band.center - band.barWidth / 2}
                y={baseline - height}
                width={band.barWidth}
                height={height}
                rx={Math.min(4, band.barWidth / 3)}
                className={point.count > 0 ? 'chart__bar' : 'chart__bar chart__bar--empty'}
              >
                <title>{`${formatDay(point.day, locale, 'long')}: ${number.format(point.count)}`}</title>
              </rect>
            );
          })}
        </g>
        <DayLabels box={box} points={points} centers={bands.map((band) => band.center)} locale={locale} />
      </>
    );
  };

  return <ChartFrame title={title} seriesLabel={seriesLabel} points={points} draw={draw} aside={aside} />;
}
