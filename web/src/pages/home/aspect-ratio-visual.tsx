import { ASPECT_RATIOS, type AspectRatio } from '@pictura/common/generation-options';

function greatestCommonDivisor(a: number, b: number): number {
  return b === 0 ? a : greatestCommonDivisor(b, a % b);
}

/** "2:3" from 512×768. */
export function ratioText(aspectRatio: AspectRatio): string {
  const { width, height } = ASPECT_RATIOS[aspectRatio];
  const divisor = greatestCommonDivisor(width, height);
  return `${width / divisor}:${height / divisor}`;
}

const BOX = 26;

/** A small frame of the ratio's shape, with the ratio under it. */
export function AspectRatioVisual({ aspectRatio }: { aspectRatio: AspectRatio }) {
  const { width, height } = ASPECT_RATIOS[aspectRatio];
  const scale = BOX / Math.max(width, height);
  return (
    <>
      <span className="aspect-frame" aria-hidden="true">
        <span
          className="aspect-frame__shape"
          style={{
            inlineSize: `${Math.round(width * scale)}px`,
            blockSize: `${Math.round(height * scale)}px`,
          }}
        />
      </span>
      <span aria-hidden="true" dir="ltr">
        {ratioText(aspectRatio)}
      </span>
    </>
  );
}
