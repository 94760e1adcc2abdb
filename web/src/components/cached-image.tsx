// A picture shown through the page's image cache (spec 9): it starts loading 100 px before it scrolls into
// view, holds its place with a same-sized placeholder while pending (the <img> element itself, so the page's
// CSS sizes both alike and nothing shifts), and when the image fails shows why with a retry that opens only
// after the spec's 60 s. The overlay is absolutely placed: the parent must be positioned, as every image
// frame in the app is.
import { type ImgHTMLAttributes, useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { type ImageState, imageCache } from '../offline/image-cache.ts';
import { useNearViewport } from '../offline/use-near-viewport.ts';
import { AlertIcon, RetryIcon } from './icons.tsx';
import './cached-image.css';

type ImgProps = Omit<ImgHTMLAttributes<HTMLImageElement>, 'src' | 'alt' | 'loading' | 'onLoad' | 'onError'>;

interface CachedImageProps extends ImgProps {
  src: string;
  alt: string;
  /** The picture a page is about: asked for at once and ahead of the lazy ones. */
  eager?: boolean;
  /** Sits inside a button or link: no retry button of its own; it tries again by itself after 60 s. */
  insideControl?: boolean;
}

/** A transparent picture of the real one's size, so the placeholder takes exactly the image's room. */
function placeholderSrc(width: number | string | undefined, height: number | string | undefined): string {
  const w = Number(width) > 0 ? Number(width) : 1;
  const h = Number(height) > 0 ? Number(height) : 1;
  return `data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' width='${w}' height='${h}' viewBox='0 0 ${w} ${h}'%2F%3E`;
}

/** Whole seconds until `at` (0 once passed), re-rendering each second while any are left. */
function useSecondsUntil(at: number | undefined): number {
  const [, setTick] = useState(0);
  useEffect(() => {
    if (at === undefined || at <= Date.now()) return;
    const timer = setInterval(() => {
      setTick((tick) => tick + 1);
      if (Date.now() >= at) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [at]);
  return at === undefined ? 0 : Math.max(0, Math.ceil((at - Date.now()) / 1000));
}

export function CachedImage({
  src,
  alt,
  eager = false,
  insideControl = false,
  className,
  width,
  height,
  ...rest
}: CachedImageProps) {
  const { t, i18n } = useTranslation();
  const cache = imageCache();
  const ref = useRef<HTMLImageElement>(null);
  const near = useNearViewport(ref);
  const wanted = eager || near;
  const live = useSyncExternalStore(
    cache.subscribe,
    () => cache.peek(src),
    () => undefined,
  );
  // What this element last showed: an image stays on screen after its entry leaves the cache (30 min, or
  // pushed out by newer ones), and a failure stays until someone retries.
  const [shown, setShown] = useState<{ src: string; state: ImageState } | null>(null);
  useEffect(() => {
    if (live) setShown({ src, state: live });
  }, [src, live]);
  const before = shown?.src === src ? shown.state : undefined;
  const state: ImageState =
    live === 'pending' && before === 'loaded' ? before : (live ?? before ?? 'pending');
  const secondsLeft = useSecondsUntil(live === 'error' ? cache.retryAt(src) : undefined);

  // Asks for the image once it is wanted and nothing is known of it.
  const unknown = live === undefined && state === 'pending';
  useEffect(() => {
    if (wanted && unknown) void cache.load(src, { urgent: eager });
  }, [cache, src, wanted, unknown, eager]);

  // Inside a control there is no retry button: the minute up, it tries again by itself.
  useEffect(() => {
    if (insideControl && state === 'error' && secondsLeft === 0) void cache.load(src);
  }, [cache, src, insideControl, state, secondsLeft]);

  const seconds = new Intl.NumberFormat(i18n.language).format(secondsLeft);
  const classes = ['cached-image', `cached-image--${state}`, className].filter(Boolean).join(' ');

  return (
    <>
      <img
        {...rest}
        ref={ref}
        className={classes}
        src={state === 'loaded' ? src : placeholderSrc(width, height)}
        alt={alt}
        width={width}
        height={height}
        decoding="async"
        data-image-state={state}
        aria-busy={state === 'pending' || undefined}
        // Known as loaded (say from the session index) but gone since, e.g. a signed link that expired.
        onError={state === 'loaded' ? () => cache.fail(src) : undefined}
      />
      {state === 'error' ? (
        <span className="cached-image__error" data-testid="image-error">
          <span className="cached-image__error-text">
            <AlertIcon width={18} height={18} aria-hidden="true" />
            <span>{t('imageLoad.failed')}</span>
          </span>
          {insideControl ? (
            secondsLeft > 0 ? (
              <span className="cached-image__error-hint">{t('imageLoad.retryingIn', { seconds })}</span>
            ) : null
          ) : (
            <button
              type="button"
              className="button button--small cached-image__retry"
              disabled={secondsLeft > 0}
              onClick={(event) => {
                event.stopPropagation();
                void cache.load(src, { urgent: true });
              }}
            >
              <RetryIcon width={16} height={16} aria-hidden="true" />
              {secondsLeft > 0 ? t('imageLoad.retryIn', { seconds }) : t('imageLoad.retry')}
            </button>
          )}
        </span>
      ) : null}
    </>
  );
}
