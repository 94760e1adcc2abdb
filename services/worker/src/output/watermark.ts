// The free plan's watermark: a small translucent "PICTURA" badge, drawn from strokes so it needs no fonts.
const LETTERS: Record<string, string> = {
  P: 'M0 6V0H3Q4 0 4 1.5Q4 3 3 3H0',
  I: 'M1 0H3M2 0V6M1 6H3',
  C: 'M4 0.8Q3.4 0 2 0Q0 0 0 3Q0 6 2 6Q3.4 6 4 5.2',
  T: 'M0 0H4M2 0V6',
  U: 'M0 0V4.4Q0 6 2 6Q4 6 4 4.4V0',
  R: 'M0 6V0H3Q4 0 4 1.5Q4 3 3 3H0M2.2 3L4 6',
  A: 'M0 6L2 0L4 6M0.7 4H3.3',
};

/** An SVG sized for an image of the given dimensions, to composite at its bottom-right corner. */
export function watermarkSvg(imageWidth: number, imageHeight: number): Buffer {
  const word = 'PICTURA';
  const unit = Math.max(1.2, Math.min(imageWidth, imageHeight) / 260); // letter height 6 units ≈ 2.3% of the side
  const letterAdvance = 5.6;
  const textWidth = word.length * letterAdvance - 1.6;
  const pad = 2.6;
  const badgeWidth = (textWidth + pad * 2) * unit;
  const badgeHeight = (6 + pad * 2) * unit;
  const margin = Math.round(unit * 4);
  const width = Math.ceil(badgeWidth + margin);
  const height = Math.ceil(badgeHeight + margin);
  const letters = [...word]
    .map((ch, i) => `<path transform="translate(${pad + i * letterAdvance} ${pad})" d="${LETTERS[ch]}"/>`)
    .join('');
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
      `<rect x="0" y="0" width="${badgeWidth}" height="${badgeHeight}" rx="${badgeHeight / 2}" fill="#000" fill-opacity="0.32"/>` +
      `<g transform="scale(${unit})" fill="none" stroke="#fff" stroke-opacity="0.85" stroke-width="0.9" stroke-linecap="round" stroke-linejoin="round">${letters}</g>` +
      '</svg>',
  );
}
