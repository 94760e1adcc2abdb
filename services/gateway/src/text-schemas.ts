// The one rule for every free-text field the API takes, and bounded integers (issue 17: zero 5xx from input).
// PostgreSQL refuses a NUL in text outright, which answered 500; the other C0 and C1 control characters have no
// place in a name, a title or a search either (terminal escapes in logs, invisible text in the gallery). So
// every string a person types is declared with SingleLineText or FreeText, and ajv refuses the rest with
// 400 {error: 'invalid_request', message: '<field> must not contain control characters'} (http-errors.ts).
// Integers are declared with BoundedInteger: a query value of 1e400 coerces to Infinity, which only a maximum
// stops before it reaches a gRPC call.
import { type TInteger, type TNumberOptions, type TString, type TStringOptions, Type } from 'typebox';

/** C0 and C1 control characters and DEL; with `lineBreaks`, tab, line feed and carriage return pass. */
function hasControl(text: string, lineBreaks: boolean): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code > 0x9f || (code > 0x1f && code < 0x7f)) continue;
    if (lineBreaks && (code === 0x09 || code === 0x0a || code === 0x0d)) continue;
    return true;
  }
  return false;
}

/**
 * The ajv formats behind the two text rules, registered on the gateway's ajv (app.ts). A format, not a
 * pattern, so a field keeps a pattern of its own (the prompt's "not blank") and each failure has its message.
 */
export const TEXT_FORMATS = {
  'single-line-text': { type: 'string', validate: (text: string) => !hasControl(text, false) },
  'multi-line-text': { type: 'string', validate: (text: string) => !hasControl(text, true) },
  'secret-text': { type: 'string', validate: (text: string) => !text.includes('\u0000') },
} as const;

export type TextFormat = keyof typeof TEXT_FORMATS;

export const isTextFormat = (format: unknown): format is TextFormat =>
  typeof format === 'string' && format in TEXT_FORMATS;

/** The message every text-rule failure answers with. */
export const controlCharactersMessage = (field: string) =>
  `${field || 'text'} must not contain control characters`;

/** Whether text breaks the rule, for text that does not pass through a schema (multipart form fields). */
export function hasControlCharacters(text: string, multiLine: boolean): boolean {
  return hasControl(text, multiLine);
}

/** Text on one line (names, titles, searches, tags, ids a person types): no control characters at all. */
export function SingleLineText(options: TStringOptions & { maxLength: number }): TString {
  return Type.String({ ...options, format: 'single-line-text' });
}

/** Text over several lines (descriptions, messages, prompts): tab and line breaks, no other controls. */
export function FreeText(options: TStringOptions & { maxLength: number }): TString {
  return Type.String({ ...options, format: 'multi-line-text' });
}

/**
 * A password: hashed, never stored or shown, so any character but NUL is the owner's to use, the same at
 * sign-in, registration, change and reset (one rule, so no password can be set that cannot sign in).
 */
export function SecretText(options: TStringOptions & { maxLength: number }): TString {
  return Type.String({ ...options, format: 'secret-text' });
}

/** An integer with both bounds, so Infinity (from 1e400) and values past the int64/uint32 of a proto fail. */
export function BoundedInteger(options: TNumberOptions & { minimum: number; maximum: number }): TInteger {
  return Type.Integer(options);
}

/** How many items a page holds. */
export const PageLimit = (maximum: number, defaultValue?: number) =>
  BoundedInteger({
    minimum: 1,
    maximum,
    ...(defaultValue === undefined ? {} : { default: defaultValue }),
    description: `Items per page, 1 to ${maximum}`,
  });

/**
 * A numeric database id in a path: uint32 in the protos, but a PostgreSQL integer in the tables, so a larger
 * id (4294967295) is refused here rather than failing the query ("out of range for type integer", a 500).
 */
export const NumericId = (description?: string) =>
  BoundedInteger({ minimum: 1, maximum: 2147483647, ...(description ? { description } : {}) });
