// A per-day line chart drawn as inline SVG: the line over a soft area, a dot on the latest day, the same
// axes, direction and screen-reader table as the bar chart.
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { plotBox, type SeriesChartProps } from './bar-chart.tsx';
import { CountGrid, DayLabels } from './chart-axes.tsx';
import { ChartFrame } from './chart-frame.tsx';
import { countAxis, formatDay, linePoints, pathThrough, valueY } from './chart-scale.ts';

export function LineChart({ title, seriesLabel, points, tone = 'cyan', aside }: SeriesChartProps) {
  const { i18n } = useTranslation('admin');
  const locale = i18n.language;
  const number = new Intl.NumberFormat(locale);
  const gradientId = `chart-fill-${useId().replace(/[^\w-]/g, '')}`;

  const draw = (width: number, rtl: boolean) => {
    const box = plotBox(width, rtl);
    const axis = countAxis(Math.max(0, ...points.map((point) => point.count)));
    const coordinates = linePoints(
      box,
      axis,
      points.map((point) => point.count),
    );
    const baseline = valueY(box, axis, 0);
    const last = coordinates.at(-1);
    // Dots on every day while they fit, else only on the latest.
    const dots = width / Math.max(1, points.length) >= 24;
    return (
      <>
        <CountGrid box={box} axis={axis} locale={locale} />
        <g className={`chart--${tone}`}>
          {/* Inside the group, so the stops inherit its colour. */}
          <defs>
            <linearGradient id={gradientId} x1="0" x2="0" y1="0" y2="1">
              <stop offset="0%" className="chart__fill-top" />
              <stop offset="100%" className="chart__fill-bottom" />
            </linearGradient>
          </defs>
          <path d={pathThrough(coordinates, baseline)} fill={`url(#${gradientId})`} className="chart__area" />
          <path d={pathThrough(coordinates)} className="chart__line" />
          {coordinates.map(([x, y], index) =>
            dots || index === coordinates.length - 1 ? (
              <circle
                key={points[index]!.day}
                cx={x}
                cy={y}
                r={index === coordinates.length - 1 ? 4.5 : 3}
                className="chart__dot"
              >
                <title>{`${formatDay(points[index]!.day, locale, 'long')}: ${number.format(points[index]!.count)}`}</title>
              </circle>
            ) : null,
          )}
          {last ? <circle cx={last[0]} cy={last[1]} r={9} className="chart__halo" /> : null}
        </g>
        <DayLabels box={box} points={points} centers={coordinates.map(([x]) => x)} locale={locale} />
      </>
    );
  };

  return <ChartFrame title={title} seriesLabel={seriesLabel} points={points} draw={draw} aside={aside} />;
}
