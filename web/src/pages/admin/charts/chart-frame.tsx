// What both charts share: a figure with a visible title, the drawing sized to its container, a spoken
// summary, and the numbers as a table for screen readers (the drawing itself is one labelled image).
import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ChartPoint, formatDay, summarizeSeries } from './chart-scale.ts';
import './charts.css';

export const CHART_HEIGHT = 220;

/** The container's width in px, following resizes; null until measured. */
function useWidth<T extends HTMLElement>(): [React.RefObject<T | null>, number | null] {
  const ref = useRef<T>(null);
  const [width, setWidth] = useState<number | null>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    const update = () => setWidth(Math.round(element.getBoundingClientRect().width));
    update();
    const observer = new ResizeObserver(update);
    observer.observe(element);
    return () => observer.disconnect();
  }, []);
  return [ref, width];
}

export interface ChartFrameProps {
  title: string;
  /** What one unit is, for the table's column header ("Generations"). */
  seriesLabel: string;
  points: readonly ChartPoint[];
  /** Draws the chart at the measured width. */
  draw: (width: number, rtl: boolean) => ReactNode;
  /** A small figure shown beside the title (e.g. the period's total). */
  aside?: ReactNode;
}

export function ChartFrame({ title, seriesLabel, points, draw, aside }: ChartFrameProps) {
  const { t, i18n } = useTranslation('admin');
  const [ref, width] = useWidth<HTMLDivElement>();
  const titleId = useId();
  const summaryId = useId();
  const locale = i18n.language;
  const rtl = i18n.dir(locale) === 'rtl';
  const number = new Intl.NumberFormat(locale);
  const summary = summarizeSeries(points);
  const spoken =
    summary.peak && summary.latest
      ? t('charts.summary', {
          total: number.format(summary.total),
          peak: number.format(summary.peak.count),
          peakDay: formatDay(summary.peak.day, locale, 'long'),
          latest: number.format(summary.latest.count),
          first: formatDay(points[0]!.day, locale, 'long'),
          last: formatDay(summary.latest.day, locale, 'long'),
        })
      : t('charts.noData');

  return (
    <figure className="chart" aria-labelledby={titleId}>
      <figcaption className="chart__head">
        <span id={titleId} className="chart__title">
          {title}
        </span>
        {aside}
      </figcaption>
      <div ref={ref} className="chart__canvas" style={{ blockSize: CHART_HEIGHT }}>
        {width ? (
          <svg
            role="img"
            aria-labelledby={`${titleId} ${summaryId}`}
            width={width}
            height={CHART_HEIGHT}
            viewBox={`0 0 ${width} ${CHART_HEIGHT}`}
            className="chart__svg"
          >
            <title>{title}</title>
            {draw(width, rtl)}
          </svg>
        ) : null}
      </div>
      <p id={summaryId} className="visually-hidden">
        {spoken}
      </p>
      {/* Wrapped: a table ignores the 1 px box that hides it, and would widen the page. */}
      <div className="visually-hidden">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{t('charts.day')}</th>
              <th scope="col">{seriesLabel}</th>
            </tr>
          </thead>
          <tbody>
            {points.map((point) => (
              <tr key={point.day}>
                <th scope="row">{formatDay(point.day, locale, 'long')}</th>
                <td>{number.format(point.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
