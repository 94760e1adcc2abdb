// The publish form's rules (spec 5), mirrored from the community service so the form can say what is wrong
// before sending: title at most 50 characters, description at most 200, tags normalised and limited to the
// server's max-tags setting, the publishing agreement ticked.
import { ApiError } from '../api/http.ts';

export const TITLE_MAX = 50;
export const DESCRIPTION_MAX = 200;
export const TAG_MAX_LENGTH = 30;
/** The server's default when the setting has not loaded yet. */
export const DEFAULT_MAX_TAGS = 5;

/** Characters, not UTF-16 units: an emoji counts once, as the server counts it. */
export function textLength(text: string): number {
  return [...text].length;
}

/** The text cut to `max` characters (typing or pasting past the limit keeps the first `max`). */
export function clampText(text: string, max: number): string {
  const characters = [...text];
  return characters.length > max ? characters.slice(0, max).join('') : text;
}

const TAG_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N}_-]*$/u;

export type TagResult = { tag: string } | { error: 'invalid' } | { tag: '' };

/**
 * One tag as the server stores it: NFKC, trimmed, without a leading #, lowercase, runs of spaces as one '-';
 * letters and digits of any script plus - and _, at most 30 characters. Empty input gives an empty tag.
 */
export function normaliseTag(raw: string): TagResult {
  const tag = raw.normalize('NFKC').trim().replace(/^#+/, '').trim().toLowerCase().replace(/\s+/g, '-');
  if (tag === '') return { tag: '' };
  if (textLength(tag) > TAG_MAX_LENGTH || !TAG_PATTERN.test(tag)) return { error: 'invalid' };
  return { tag };
}

export type AddTagsOutcome =
  | { tags: string[]; error?: undefined }
  | { tags: string[]; error: 'invalid' | 'tooMany' };

/**
 * Adds what the user typed (one tag, or several separated by commas) to the current tags: normalised,
 * duplicates skipped, never more than `max`. Tags that fit are kept even when another one fails.
 */
export function addTags(current: readonly string[], input: string, max: number): AddTagsOutcome {
  const tags = [...current];
  let error: 'invalid' | 'tooMany' | undefined;
  for (const part of input.split(/[,，、]/)) {
    const result = normaliseTag(part);
    if ('error' in result) {
      error ??= 'invalid';
      continue;
    }
    if (result.tag === '' || tags.includes(result.tag)) continue;
    if (tags.length >= max) {
      error ??= 'tooMany';
      continue;
    }
    tags.push(result.tag);
  }
  return error ? { tags, error } : { tags };
}

export interface PublishFormValues {
  title: string;
  description: string;
  tags: string[];
  agree: boolean;
}

export type PublishFormError =
  | 'agreementRequired'
  | 'titleRequired'
  | 'titleTooLong'
  | 'descriptionTooLong'
  | 'tooManyTags';

export interface PublishFormErrors {
  title?: PublishFormError;
  description?: PublishFormError;
  tags?: PublishFormError;
  agree?: PublishFormError;
}

export function validatePublishForm(values: PublishFormValues, maxTags: number): PublishFormErrors {
  const errors: PublishFormErrors = {};
  const title = values.title.trim();
  if (title === '') errors.title = 'titleRequired';
  else if (textLength(title) > TITLE_MAX) errors.title = 'titleTooLong';
  if (textLength(values.description.trim()) > DESCRIPTION_MAX) errors.description = 'descriptionTooLong';
  if (values.tags.length > maxTags) errors.tags = 'tooManyTags';
  if (!values.agree) errors.agree = 'agreementRequired';
  return errors;
}

/** Which translated text (key of the community namespace) a failed publish shows. */
export function publishErrorKey(error: unknown): string {
  if (!(error instanceof ApiError)) return 'errors.publishFailed';
  const byCode: Record<string, string> = {
    agreement_required: 'publish.errors.agreementRequired',
    title_required: 'publish.errors.titleRequired',
    title_too_long: 'publish.errors.titleTooLong',
    description_too_long: 'publish.errors.descriptionTooLong',
    too_many_tags: 'publish.errors.tooManyTags',
    invalid_tag: 'publish.errors.invalidTag',
    private_generation: 'publish.errors.private',
    history_item_not_found: 'publish.errors.itemNotFound',
    unauthorized: 'errors.loginRequired',
    unauthenticated: 'errors.loginRequired',
  };
  if (byCode[error.code]) return byCode[error.code]!;
  if (error.status === 401) return 'errors.loginRequired';
  if (error.status === 429) return 'errors.tooMany';
  return 'errors.publishFailed';
}
