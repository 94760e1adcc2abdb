import type { CSSProperties } from 'react';

/** One or two columns; with two rows each cell gets half the height, so the results fit the screen. */
export function resultGridClass(count: number): string {
  return `result-grid result-grid--cols-${Math.min(count, 2)} result-grid--rows-${count > 2 ? 2 : 1}`;
}

/** The cell keeps the image's shape; `--ratio` lets CSS cap its height without distorting it. */
export function ratioStyle(width: number, height: number): CSSProperties {
  return { aspectRatio: `${width} / ${height}`, '--ratio': width / height } as CSSProperties;
}
