// The count axis (round ticks and grid lines) and the day labels under the plot, shared by both charts.
import {
  axisX,
  type ChartPoint,
  type CountAxis,
  formatDay,
  labelledIndexes,
  type PlotBox,
  plotEndX,
  valueY,
} from './chart-scale.ts';

export function CountGrid({ box, axis, locale }: { box: PlotBox; axis: CountAxis; locale: string }) {
  const number = new Intl.NumberFormat(locale, { notation: 'compact' });
  const start = axisX(box);
  const end = plotEndX(box);
  // Labels sit outside the plot: left of the axis, or right of it when mirrored. The SVG inherits the
  // page's direction, so "end" is the edge toward the plot in both.
  const labelX = box.rtl ? start + 8 : start - 8;
  return (
    <g className="chart__grid">
      {axis.ticks.map((tick) => {
        const y = valueY(box, axis, tick);
        return (
          <g key={tick}>
            <line x1={start} x2={end} y1={y} y2={y} className={tick === 0 ? 'chart__baseline' : undefined} />
            <text x={labelX} y={y} dy="0.32em" textAnchor="end" className="chart__tick">
              {number.format(tick)}
            </text>
          </g>
        );
      })}
    </g>
  );
}

export function DayLabels({
  box,
  points,
  centers,
  locale,
}: {
  box: PlotBox;
  points: readonly ChartPoint[];
  centers: readonly number[];
  locale: string;
}) {
  const plotWidth = Math.abs(plotEndX(box) - axisX(box));
  const y = box.height - box.bottom + 18;
  return (
    <g className="chart__days">
      {labelledIndexes(points.length, plotWidth).map((index) => (
        <text key={points[index]!.day} x={centers[index]} y={y} textAnchor="middle" className="chart__tick">
          {formatDay(points[index]!.day, locale)}
        </text>
      ))}
    </g>
  );
}
