// The community page's pure parts: the feed's URL state, the generator values of "Create Similar", and the
// counts and dates as the viewer's language writes them.
import {
  type AspectRatio,
  type Color,
  knownChoice,
  type Lighting,
  type Style,
} from '@pictura/common/generation-options';
import type { FeedSort, PostDetail } from '../../api/community.ts';
import { ApiError } from '../../api/http.ts';
import { normaliseTag } from '../../components/publish-post-model.ts';

export interface FeedParams {
  sort: FeedSort;
  /** Normalised; empty for every tag. */
  tag: string;
}

/** The feed the URL asks for: ?sort=popular (latest otherwise) and ?tag= (normalised as the server does). */
export function readFeedParams(params: URLSearchParams): FeedParams {
  const sort: FeedSort = params.get('sort') === 'popular' ? 'popular' : 'latest';
  const result = normaliseTag(params.get('tag') ?? '');
  return { sort, tag: 'tag' in result ? result.tag : '' };
}

/** The query string for a feed (latest and no tag leave the URL clean); other parameters are kept. */
export function feedSearch(current: URLSearchParams, next: Partial<FeedParams>): string {
  const params = new URLSearchParams(current);
  if (next.sort !== undefined) {
    if (next.sort === 'popular') params.set('sort', 'popular');
    else params.delete('sort');
  }
  if (next.tag !== undefined) {
    if (next.tag) params.set('tag', next.tag);
    else params.delete('tag');
  }
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The generator form values that "Create Similar" loads: prompt and options, never the seed. */
export interface SimilarValues {
  prompt: string;
  negativePrompt: string;
  aspectRatio?: AspectRatio;
  style?: Style;
  color?: Color;
  lighting?: Lighting;
  model?: string;
  transparent?: boolean;
}

/**
 * A post's generator settings as the home generator takes them. Unknown values (an option this server no
 * longer offers, a model it does not have) are left out so the form keeps its defaults for them. The seed
 * is dropped: "similar", not the same picture again.
 */
export function similarValues(post: PostDetail, knownModels: readonly string[]): SimilarValues {
  const values: SimilarValues = { prompt: post.prompt, negativePrompt: post.negative_prompt ?? '' };
  const aspectRatio = knownChoice('aspectRatio', post.options.aspect_ratio);
  const style = knownChoice('style', post.options.style);
  const color = knownChoice('color', post.options.color);
  const lighting = knownChoice('lighting', post.options.lighting);
  if (aspectRatio) values.aspectRatio = aspectRatio;
  if (style) values.style = style;
  if (color) values.color = color;
  if (lighting) values.lighting = lighting;
  if (post.options.background === 'transparent') values.transparent = true;
  if (post.model && knownModels.includes(post.model)) values.model = post.model;
  return values;
}

/** "#tag" for a sentence: isolated (FSI…PDI) so a Latin tag keeps its # in front inside Arabic text. */
export function hashTag(tag: string): string {
  return `\u2068#${tag}\u2069`;
}

/** 1234 → "1.2K" in English, "1234" stays readable in every locale. */
export function compactNumber(value: number, locale: string): string {
  try {
    return new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }).format(value);
  } catch {
    return String(value);
  }
}

export function formatDate(iso: string, locale: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  try {
    return new Intl.DateTimeFormat(locale, { dateStyle: 'medium' }).format(date);
  } catch {
    return date.toISOString().slice(0, 10);
  }
}

/** The most a report's details may say (the community service's limit). */
export const REPORT_DETAILS_MAX = 500;

/** Which translated text a failed report shows. */
export function reportErrorKey(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === 'already_reported' || error.status === 409) return 'report.errors.already';
    if (error.code === 'details_required') return 'report.errors.detailsRequired';
    if (error.status === 404) return 'report.errors.gone';
    if (error.status === 401) return 'errors.loginRequired';
  }
  return 'errors.reportFailed';
}

/** Whose post this is to the viewer: `unknown` while a stored session is still being checked, so an
 * author is never offered "Report" on their own post (nor anyone "Delete") before the answer comes. */
export function postOwnership(
  authorId: number,
  viewer: { viewerId: number; viewerKnown: boolean },
): 'own' | 'other' | 'unknown' {
  if (!viewer.viewerKnown) return 'unknown';
  return viewer.viewerId !== 0 && viewer.viewerId === authorId ? 'own' : 'other';
}
