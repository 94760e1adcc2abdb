// What a post and a report may contain (spec section 5), each failure with its own message.
import { AppError } from '@pictura/common/app-error';
import {
  GENERATION_CHOICES,
  GENERATION_OPTION_RULES,
  type GenerationChoice,
  type GenerationOptionName,
} from '@pictura/common/generation-options';
import { REPORT_REASONS, type ReportReason } from './db/schema.ts';

export const TITLE_MAX = 50;
export const DESCRIPTION_MAX = 200;
export const TAG_MAX_LENGTH = 30;
/** When the system setting is unset (0). */
export const DEFAULT_MAX_TAGS = 5;
export const REPORT_DETAILS_MAX = 500;

/** Characters, not UTF-16 units: an emoji counts once, as the form's counter shows it. */
const lengthOf = (text: string) => [...text].length;

/** Letters and digits of any script, then also - and _; no spaces or punctuation, so tags work in URLs. */
const TAG_PATTERN = /^[\p{L}\p{N}][\p{L}\p{N}_-]*$/u;

/**
 * One tag as stored and searched: Unicode-normalised (NFKC), trimmed, without a leading #, lowercase, runs
 * of spaces as one '-'. Empty when nothing is left; throws when it has other characters or is too long.
 */
export function normaliseTag(raw: string): string {
  const tag = raw.normalize('NFKC').trim().replace(/^#+/, '').trim().toLowerCase().replace(/\s+/g, '-');
  if (tag === '') return '';
  if (lengthOf(tag) > TAG_MAX_LENGTH || !TAG_PATTERN.test(tag)) {
    throw new AppError(
      'invalid_argument',
      `Tags may contain only letters, digits, - and _, at most ${TAG_MAX_LENGTH} characters each`,
      'invalid_tag',
    );
  }
  return tag;
}

/** Normalised, empty ones dropped, duplicates removed (first kept), at most `max`. */
export function normaliseTags(raw: string[], max: number): string[] {
  const tags = [...new Set(raw.map(normaliseTag).filter((tag) => tag !== ''))];
  if (tags.length > max) {
    throw new AppError('invalid_argument', `You can add at most ${max} tags`, 'too_many_tags');
  }
  return tags;
}

export interface PostText {
  title: string;
  description: string;
}

/** The agreement first (the form's last step, but the one the spec words), then the texts. */
export function checkPublishing(input: PostText & { agree: boolean }): PostText {
  if (!input.agree) {
    throw new AppError(
      'invalid_argument',
      'Please read and agree to the publishing agreement',
      'agreement_required',
    );
  }
  const title = input.title.trim();
  const description = input.description.trim();
  if (title === '') throw new AppError('invalid_argument', 'Please enter a title', 'title_required');
  if (lengthOf(title) > TITLE_MAX) {
    throw new AppError('invalid_argument', `Title must be at most ${TITLE_MAX} characters`, 'title_too_long');
  }
  if (lengthOf(description) > DESCRIPTION_MAX) {
    throw new AppError(
      'invalid_argument',
      `Description must be at most ${DESCRIPTION_MAX} characters`,
      'description_too_long',
    );
  }
  return { title, description };
}

export function checkReport(input: { reason: string; details: string }): {
  reason: ReportReason;
  details: string;
} {
  if (!(REPORT_REASONS as readonly string[]).includes(input.reason)) {
    throw new AppError('invalid_argument', `Choose a reason: ${REPORT_REASONS.join(', ')}`, 'invalid_reason');
  }
  const details = input.details.trim();
  if (input.reason === 'other' && details === '') {
    throw new AppError('invalid_argument', 'Please describe the problem', 'details_required');
  }
  if (lengthOf(details) > REPORT_DETAILS_MAX) {
    throw new AppError(
      'invalid_argument',
      `Details must be at most ${REPORT_DETAILS_MAX} characters`,
      'details_too_long',
    );
  }
  return { reason: input.reason as ReportReason, details };
}

/** What "Create similar" carries over besides the prompts and model: every list option, and the seed. */
const SIMILAR_OPTIONS: readonly GenerationOptionName[] = [
  ...(Object.keys(GENERATION_CHOICES) as GenerationChoice[]),
  'seed',
];

/** The generator options "Create similar" needs, from a history item's options (jobs stores them camelCase). */
export function similarOptions(optionsJson: string): Record<string, string | number> {
  let options: Record<string, unknown> = {};
  try {
    options = optionsJson ? (JSON.parse(optionsJson) as Record<string, unknown>) : {};
  } catch {
    return {};
  }
  const similar: Record<string, string | number> = {};
  for (const from of SIMILAR_OPTIONS) {
    const to = GENERATION_OPTION_RULES[from].field;
    const value = options[from] ?? options[to];
    if (typeof value === 'string' || (typeof value === 'number' && Number.isFinite(value))) {
      similar[to] = value;
    }
  }
  return similar;
}
