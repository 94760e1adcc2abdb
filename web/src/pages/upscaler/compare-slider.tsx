import { type CSSProperties, type KeyboardEvent, type PointerEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { clampSlider, SLIDER_DEFAULT } from './upscaler-model.ts';

interface CompareSliderProps {
  before: string;
  after: string;
  width: number;
  height: number;
}

const KEY_STEPS: Record<string, number> = {
  ArrowLeft: -1,
  ArrowDown: -1,
  ArrowRight: 1,
  ArrowUp: 1,
  PageDown: -10,
  PageUp: 10,
};

/**
 * Before/after over the same frame: the original is clipped to the slider's position. The frame is always
 * left-to-right (images do not mirror), so Before sits on the left and the arrow keys follow the screen.
 * Mouse, touch and pen drag anywhere on the frame; the handle is a keyboard slider.
 */
export function CompareSlider({ before, after, width, height }: CompareSliderProps) {
  const { t } = useTranslation();
  const [position, setPosition] = useState(SLIDER_DEFAULT);
  const [touched, setTouched] = useState(false);
  const frameRef = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);

  const moveTo = (clientX: number) => {
    const rect = frameRef.current?.getBoundingClientRect();
    if (!rect || rect.width === 0) return;
    setPosition(clampSlider(((clientX - rect.left) / rect.width) * 100));
    setTouched(true);
  };

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (event.button !== 0) return;
    dragging.current = true;
    event.currentTarget.setPointerCapture(event.pointerId);
    moveTo(event.clientX);
    event.preventDefault();
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (dragging.current) moveTo(event.clientX);
  };
  const stopDragging = () => {
    dragging.current = false;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    let next: number | null = null;
    if (event.key in KEY_STEPS) next = position + KEY_STEPS[event.key]! * (event.shiftKey ? 10 : 1);
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = 100;
    if (next === null) return;
    event.preventDefault();
    setPosition(clampSlider(next));
    setTouched(true);
  };

  const style = { '--position': `${position}%`, '--ratio': width / height } as CSSProperties;

  return (
    <div className="compare">
      <div
        ref={frameRef}
        className="compare__frame"
        dir="ltr"
        style={style}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={stopDragging}
        onPointerCancel={stopDragging}
      >
        <img
          className="compare__after"
          src={after}
          width={width}
          height={height}
          alt={t('upscaler.resultAlt')}
          draggable={false}
        />
        <div className="compare__before">
          <img src={before} width={width} height={height} alt={t('upscaler.beforeAlt')} draggable={false} />
        </div>
        <span
          className={
            position < 25
              ? 'compare__label compare__label--before is-hidden'
              : 'compare__label compare__label--before'
          }
        >
          {t('upscaler.before')}
        </span>
        <span
          className={
            position > 75
              ? 'compare__label compare__label--after is-hidden'
              : 'compare__label compare__label--after'
          }
        >
          {t('upscaler.after')}
        </span>
        <div
          className="compare__handle"
          role="slider"
          tabIndex={0}
          aria-label={t('upscaler.sliderLabel')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={position}
          aria-valuetext={t('upscaler.sliderValue', { percent: position })}
          aria-orientation="horizontal"
          onKeyDown={onKeyDown}
        >
          <span className="compare__knob">
            <svg
              aria-hidden="true"
              focusable="false"
              width="20"
              height="20"
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              <path d="m9 6-6 6 6 6M15 6l6 6-6 6" />
            </svg>
          </span>
        </div>
      </div>
      <p className={touched ? 'compare__hint is-faded' : 'compare__hint'}>{t('upscaler.dragHint')}</p>
    </div>
  );
}
