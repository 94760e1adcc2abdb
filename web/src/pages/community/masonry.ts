// The gallery's masonry: a CSS grid of small rows where each card spans as many rows as its picture needs
// and goes to the shortest column. The DOM keeps the list order, so keyboards and screen readers follow it.

/** The grid's row unit and the gap between cards, in px (community.css: rows of 4 px without a row gap;
 * each card keeps its gap below it as a margin). */
export const ROW_UNIT = 4;
export const GRID_GAP = 16;
/** The card's text below the picture (title and author line) and its border, in px (community.css
 * .gallery-card__body is 92 px, the border 1 px each side). */
export const CARD_BODY_HEIGHT = 94;
/** Pictures narrower or taller than this are cropped, so one odd image cannot dominate a column. */
const MIN_RATIO = 0.6;
const MAX_RATIO = 2;

/** How many columns of at least `minWidth` fit into `width` (never fewer than one, never more than `max`). */
export function columnCount(width: number, minWidth: number, max = 5): number {
  if (!(width > 0)) return 1;
  return Math.max(1, Math.min(max, Math.floor((width + GRID_GAP) / (minWidth + GRID_GAP))));
}

/** The widest a card may grow when a short feed is spread over fewer columns (a single post must not
 * become a card as wide as the page). */
export const MAX_COLUMN_WIDTH = 440;

/**
 * The columns a feed is laid out in. While more posts may load, all that fit (`fit`). Once the whole feed
 * is known and has fewer posts than that, fewer and wider columns, one per post, so a short feed fills the
 * width rather than leaving empty columns beside it; but never so few that a column passes
 * MAX_COLUMN_WIDTH.
 */
export function feedColumns(fit: number, width: number, posts: number, complete: boolean): number {
  if (!complete || posts >= fit) return fit;
  const fewestForWidth = Math.ceil((width + GRID_GAP) / (MAX_COLUMN_WIDTH + GRID_GAP));
  return Math.max(1, Math.min(fit, Math.max(posts, fewestForWidth)));
}

export function columnWidth(width: number, columns: number): number {
  return (width - GRID_GAP * (columns - 1)) / columns;
}

/** The width/height ratio a card's picture is drawn at (clamped; 1 when the size is unknown). */
export function displayRatio(width: number, height: number): number {
  if (!(width > 0 && height > 0)) return 1;
  return Math.min(MAX_RATIO, Math.max(MIN_RATIO, width / height));
}

/** The rows a card spans: its picture at the column's width, the text below it, and the gap under it. */
export function rowSpan(columnWidthPx: number, ratio: number): number {
  const height = columnWidthPx / ratio + CARD_BODY_HEIGHT;
  return Math.max(1, Math.ceil((height + GRID_GAP) / ROW_UNIT));
}

export interface CardPlacement {
  /** 1-based grid column. */
  column: number;
  /** 1-based first grid row. */
  row: number;
  span: number;
}

/**
 * Each card goes to the column that is shortest so far (the leftmost of equals), so columns stay even and
 * the n-th card is never far below the (n-1)-th: reading order follows the list order.
 */
export function placeCards(spans: readonly number[], columns: number): CardPlacement[] {
  const heights = Array.from({ length: Math.max(1, columns) }, () => 0);
  return spans.map((span) => {
    let column = 0;
    for (let index = 1; index < heights.length; index++) {
      if (heights[index]! < heights[column]!) column = index;
    }
    const row = heights[column]! + 1;
    heights[column] = row - 1 + span;
    return { column: column + 1, row, span };
  });
}
