// What the history page shows of an item, and what "Create again" fills into the generator. Pure functions.
import {
  type AspectRatio,
  type Color,
  DEFAULT_CHOICES,
  knownChoice,
  type Lighting,
  GENERATION_OPTION_RULES as OPTION,
  type Style,
} from '@pictura/common/generation-options';
import type { HistoryImage, HistoryItem, HistoryTab } from '../../api/history.ts';
import type { GeneratorFormValues } from '../home/generator-form-model.ts';

export const HISTORY_TABS: readonly HistoryTab[] = ['generated', 'upscaled'];

export function isHistoryTab(value: string | null): value is HistoryTab {
  return value === 'generated' || value === 'upscaled';
}

/** The jobs service stores options camelCase; older or foreign items may use the wire's snake_case. */
function option(options: Record<string, unknown>, camel: string, snake = camel): unknown {
  return options[camel] ?? options[snake];
}

export interface GenerationOptionsShown {
  aspectRatio?: AspectRatio;
  style?: Style;
  color?: Color;
  lighting?: Lighting;
}

/** The generator options an item was made with, only the known values (to label them in any language). */
export function generationOptions(item: HistoryItem): GenerationOptionsShown {
  const { options } = item;
  const shown: GenerationOptionsShown = {};
  const aspectRatio = knownChoice('aspectRatio', option(options, 'aspectRatio', 'aspect_ratio'));
  const style = knownChoice('style', option(options, 'style'));
  const color = knownChoice('color', option(options, 'color'));
  const lighting = knownChoice('lighting', option(options, 'lighting'));
  if (aspectRatio) shown.aspectRatio = aspectRatio;
  if (style) shown.style = style;
  if (color) shown.color = color;
  if (lighting) shown.lighting = lighting;
  return shown;
}

/** An upscale's output format (png, jpeg, webp), when recorded. */
export function outputFormat(item: HistoryItem): string | null {
  const format = option(item.options, 'format');
  return typeof format === 'string' && /^(png|jpeg|webp)$/.test(format) ? format : null;
}

/**
 * The values "Create again" loads into the home generator: same prompt, options, model, seed, count and
 * background.
 */
export function createAgainValues(item: HistoryItem): Partial<GeneratorFormValues> {
  const shown = generationOptions(item);
  const seed = item.images[0]?.seed ?? option(item.options, 'seed');
  const count = option(item.options, 'count');
  const values: Partial<GeneratorFormValues> = {
    prompt: item.prompt,
    negativePrompt: item.negative_prompt,
    aspectRatio: shown.aspectRatio ?? DEFAULT_CHOICES.aspectRatio,
    style: shown.style ?? DEFAULT_CHOICES.style,
    color: shown.color ?? DEFAULT_CHOICES.color,
    lighting: shown.lighting ?? DEFAULT_CHOICES.lighting,
    model: item.model,
    transparent: option(item.options, 'background') === 'transparent',
  };
  if (typeof seed === 'number' && Number.isInteger(seed) && seed >= 0) values.seed = String(seed);
  if (
    typeof count === 'number' &&
    Number.isInteger(count) &&
    count >= OPTION.count.minimum &&
    count <= OPTION.count.maximum
  ) {
    values.count = count;
  } else if (item.images.length >= OPTION.count.minimum && item.images.length <= OPTION.count.maximum) {
    values.count = item.images.length;
  }
  return values;
}

/** A link that works outside the site too (the upscaler's imageUrl, the clipboard). */
export function absoluteImageUrl(url: string, base: string): string {
  return new URL(url, base).href;
}

/** The upscaler (its localized path) with this image loaded: ?imageUrl=<absolute URL>. */
export function upscaleLink(upscalerPath: string, url: string, base: string): string {
  return `${upscalerPath}?imageUrl=${encodeURIComponent(absoluteImageUrl(url, base))}`;
}

/** The item's date and time in the reader's language ('short': the date alone, compact), or the raw text. */
export function formatCreatedAt(iso: string, locale: string, form: 'full' | 'short' = 'full'): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(
    locale,
    form === 'full' ? { dateStyle: 'medium', timeStyle: 'short' } : { dateStyle: 'short' },
  ).format(date);
}

export function downloadFileName(item: HistoryItem, image: HistoryImage, index: number): string {
  const extension = image.url
    .split('?')[0]!
    .match(/\.(png|jpe?g|webp)$/i)?.[1]
    ?.toLowerCase();
  const suffix = item.images.length > 1 ? `-${index + 1}` : '';
  const kind = item.type === 'upscaled' ? 'upscaled' : String(image.seed);
  return `pictura-${kind}-${item.id.slice(0, 8)}${suffix}.${extension ?? outputFormat(item) ?? 'png'}`;
}

/** The item's text for a card and an image's alternative text; upscales have no prompt of their own. */
export function itemTitle(item: HistoryItem): string {
  return item.prompt.trim();
}

/** Adds or removes one id; a new set, so React sees the change. */
export function toggleSelected(selected: ReadonlySet<string>, id: string): Set<string> {
  const next = new Set(selected);
  if (next.has(id)) next.delete(id);
  else next.add(id);
  return next;
}

/** Keeps only the ids still shown (after a delete, a tab change or a refetch). */
export function keepShown(selected: ReadonlySet<string>, shownIds: readonly string[]): Set<string> {
  const shown = new Set(shownIds);
  return new Set([...selected].filter((id) => shown.has(id)));
}
