import { describe, expect, it } from 'vitest';
import {
  CARD_BODY_HEIGHT,
  columnCount,
  columnWidth,
  displayRatio,
  feedColumns,
  GRID_GAP,
  MAX_COLUMN_WIDTH,
  placeCards,
  ROW_UNIT,
  rowSpan,
} from './masonry.ts';

describe('columnCount', () => {
  it('fits as many columns of the minimum width as the space allows', () => {
    expect(columnCount(1000, 240)).toBe(3); // 4 × 240 + 3 × 16 = 1008 > 1000
    expect(columnCount(1008, 240)).toBe(4);
  });

  it('keeps one column on a phone and caps wide screens', () => {
    expect(columnCount(343, 240)).toBe(1);
    expect(columnCount(4000, 240, 5)).toBe(5);
    expect(columnCount(0, 240)).toBe(1);
  });
});

describe('feedColumns', () => {
  it('keeps every column that fits while more posts may load', () => {
    expect(feedColumns(4, 1008, 2, false)).toBe(4);
    expect(feedColumns(4, 1008, 30, true)).toBe(4);
  });

  it('spreads a short, complete feed over one column per post', () => {
    // Two posts on a tablet: two columns, not two of three with a third of the page empty.
    expect(feedColumns(3, 716, 2, true)).toBe(2);
    expect(feedColumns(3, 716, 0, true)).toBe(2);
  });

  it('never lets a column grow past the widest card', () => {
    // One post on a wide screen keeps narrow columns: one card, not one as wide as the page.
    const columns = feedColumns(4, 1008, 1, true);
    expect(columns).toBe(3);
    expect(columnWidth(1008, columns)).toBeLessThanOrEqual(MAX_COLUMN_WIDTH);
    expect(columnWidth(1008, columns - 1)).toBeGreaterThan(MAX_COLUMN_WIDTH);
    // On a phone one column stays one column.
    expect(feedColumns(1, 343, 1, true)).toBe(1);
  });
});

describe('rowSpan', () => {
  it('spans enough rows for the picture, the text and the gap below', () => {
    const width = columnWidth(1008, 4);
    expect(width).toBe(240);
    const span = rowSpan(width, 1);
    expect(span * ROW_UNIT).toBeGreaterThanOrEqual(240 + CARD_BODY_HEIGHT + GRID_GAP);
    expect(span * ROW_UNIT - (240 + CARD_BODY_HEIGHT + GRID_GAP)).toBeLessThan(ROW_UNIT);
  });

  it('gives portrait pictures more rows than landscape ones', () => {
    expect(rowSpan(240, displayRatio(512, 768))).toBeGreaterThan(rowSpan(240, displayRatio(768, 512)));
  });
});

describe('displayRatio', () => {
  it('clamps extreme shapes and treats unknown sizes as square', () => {
    expect(displayRatio(1024, 576)).toBeCloseTo(1024 / 576);
    expect(displayRatio(100, 1000)).toBe(0.6);
    expect(displayRatio(5000, 100)).toBe(2);
    expect(displayRatio(0, 0)).toBe(1);
  });
});

describe('placeCards', () => {
  it('puts each card in the shortest column, the leftmost of equals', () => {
    expect(placeCards([10, 20, 5, 5, 5], 3)).toEqual([
      { column: 1, row: 1, span: 10 },
      { column: 2, row: 1, span: 20 },
      { column: 3, row: 1, span: 5 },
      { column: 3, row: 6, span: 5 },
      { column: 1, row: 11, span: 5 },
    ]);
  });

  it('stacks everything in one column on a phone', () => {
    expect(placeCards([3, 4], 1)).toEqual([
      { column: 1, row: 1, span: 3 },
      { column: 1, row: 4, span: 4 },
    ]);
  });
});
