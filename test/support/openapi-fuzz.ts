// Request generators for the input fuzz test: from an OpenAPI 3.1 document, fast-check arbitraries that build
// requests an attacker or a broken client would send (wrong types, missing fields, huge and unicode strings,
// control characters, 1e400, path tricks, malformed JSON, wrong content types), and the check every answer
// must pass: no 5xx, and every error in the documented shape.
import fc from 'fast-check';

type Json = Record<string, unknown>;
export type Schema = Json & {
  type?: string | string[];
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  enum?: unknown[];
  const?: unknown;
  anyOf?: Schema[];
  oneOf?: Schema[];
  $ref?: string;
};

export interface Operation {
  method: string;
  path: string;
  pathParams: { name: string; schema: Schema }[];
  query: { name: string; schema: Schema; required: boolean }[];
  body?: { contentType: string; schema: Schema; required: boolean };
  /** Error bodies of the spec's upload calls are {success: false, error}, documented as UploadFailure. */
  uploadShape: boolean;
}

export interface FuzzRequest {
  method: string;
  /** Path and query, already encoded (some of it deliberately badly). */
  url: string;
  headers: Record<string, string>;
  body?: string;
}

/** Every operation of the document, its $refs resolved. */
export function operationsOf(doc: Json): Operation[] {
  const components = ((doc.components as Json | undefined)?.schemas ?? {}) as Record<string, Schema>;
  const resolve = (schema: unknown, depth = 0): Schema => {
    if (!schema || typeof schema !== 'object' || depth > 8) return {};
    const s = schema as Schema;
    if (s.$ref) return resolve(components[s.$ref.split('/').pop()!], depth + 1);
    const out: Schema = { ...s };
    if (s.properties) {
      out.properties = Object.fromEntries(
        Object.entries(s.properties).map(([k, v]) => [k, resolve(v, depth + 1)]),
      );
    }
    if (s.items) out.items = resolve(s.items, depth + 1);
    if (s.anyOf) out.anyOf = s.anyOf.map((v) => resolve(v, depth + 1));
    if (s.oneOf) out.oneOf = s.oneOf.map((v) => resolve(v, depth + 1));
    return out;
  };
  const operations: Operation[] = [];
  for (const [path, item] of Object.entries(doc.paths as Record<string, Record<string, Json>>)) {
    for (const [method, op] of Object.entries(item)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      const parameters = (op.parameters ?? []) as {
        name: string;
        in: string;
        required?: boolean;
        schema: unknown;
      }[];
      const requestBody = op.requestBody as
        | { required?: boolean; content?: Record<string, { schema: unknown }> }
        | undefined;
      const [contentType, media] = Object.entries(requestBody?.content ?? {})[0] ?? [];
      operations.push({
        method: method.toUpperCase(),
        path,
        pathParams: parameters
          .filter((p) => p.in === 'path')
          .map((p) => ({ name: p.name, schema: resolve(p.schema) })),
        query: parameters
          .filter((p) => p.in === 'query')
          .map((p) => ({ name: p.name, schema: resolve(p.schema), required: p.required === true })),
        ...(contentType && media
          ? { body: { contentType, schema: resolve(media.schema), required: requestBody?.required === true } }
          : {}),
        uploadShape: JSON.stringify(op.responses ?? {}).includes('UploadFailure'),
      });
    }
  }
  return operations;
}

/** A JSON value written as raw text in the body (1e400, -0 and friends cannot survive JSON.stringify). */
const RAW = '\u{F8FF}raw:';
const raw = (text: string) => `${RAW}${text}`;
export const toJsonText = (value: unknown): string =>
  JSON.stringify(value).replace(new RegExp(`"${RAW}([^"]*)"`, 'g'), '$1');

const CONTROL = [
  '\u0000',
  'a\u0000b',
  '\u0001',
  '\u0007',
  '\u001b[31m',
  '\u007f',
  '\u0085',
  '\u009b',
  'x\u0000',
];
const TRICKY_TEXT = [
  '',
  ' ',
  '😀🦊',
  '\u202eevil',
  'e\u0301',
  '\ud800',
  "'; DROP TABLE users; --",
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '%E0%A4%A',
  '{{7*7}}',
  '1e400',
  'Infinity',
  'NaN',
  '-0',
  'null',
  '__proto__',
  'x'.repeat(5000),
  '\n\r\t',
  'ﷺ'.repeat(300),
];

const textArb = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...CONTROL, ...TRICKY_TEXT) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ maxLength: 30 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 20 }) },
);

/** Numbers a JSON parser or a coercion may turn into something no service expects. */
const NASTY_NUMBERS = [
  '1e400',
  '-1e400',
  '-0',
  '1e-400',
  '9007199254740993',
  '4294967296',
  '2147483648',
  '-1',
  '0',
  '1.5',
  '1e2',
];

/** Any JSON value of any type, tricky ones first. */
const anyJsonArb: fc.Arbitrary<unknown> = fc.oneof(
  textArb,
  fc.constantFrom(...NASTY_NUMBERS.map(raw)),
  fc.constantFrom(null, true, false, 0, -1, 2 ** 53, [], {}, [null], { a: 1 }),
  fc.integer(),
  fc.double(),
);

/** A value that fits the schema most of the time, so the fuzz reaches the handler and not only ajv. */
function validishArb(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union?.length) return fc.oneof(...union.map((s) => validishArb(s, depth)));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  switch (type) {
    case 'integer': {
      const min = typeof schema.minimum === 'number' ? schema.minimum : 0;
      const max = typeof schema.maximum === 'number' ? schema.maximum : min + 1000;
      // The bounds themselves too: a uint32 maximum may not fit the int4 column behind it.
      const lo = Math.max(min, Number.MIN_SAFE_INTEGER);
      const hi = Math.min(max, Number.MAX_SAFE_INTEGER);
      return fc.oneof(
        fc.constantFrom(lo, hi),
        fc.integer({ min: lo, max: hi }),
        fc.integer({ min: lo, max: Math.min(hi, lo + 100) }),
      );
    }
    case 'number':
      return fc.double({ noNaN: true, noDefaultInfinity: true, min: -1e6, max: 1e6 });
    case 'boolean':
      return fc.boolean();
    case 'array':
      return depth > 3
        ? fc.constant([])
        : fc.array(validishArb(schema.items ?? {}, depth + 1), { maxLength: 3 });
    case 'object':
      return depth > 3 ? fc.constant({}) : objectArb(schema, depth + 1);
    case 'string': {
      const max = typeof schema.maxLength === 'number' ? schema.maxLength : 50;
      if (schema.format === 'uri' || /url/i.test(String(schema.description ?? ''))) {
        return fc.constantFrom('https://example.com/a.png', 'http://127.0.0.1/x', 'javascript:alert(1)');
      }
      return fc.oneof(
        { weight: 3, arbitrary: fc.string({ minLength: 1, maxLength: Math.max(1, Math.min(max, 30)) }) },
        { weight: 2, arbitrary: textArb },
      );
    }
    default:
      return anyJsonArb;
  }
}

/** An object from the schema: each field valid-ish, mistyped, tricky or missing; sometimes an unknown field. */
function objectArb(schema: Schema, depth: number): fc.Arbitrary<Json> {
  const props = Object.entries(schema.properties ?? {});
  const required = new Set(schema.required ?? []);
  const fields = props.map(([name, field]) =>
    fc.oneof(
      { weight: 6, arbitrary: validishArb(field, depth).map((v) => [name, v] as const) },
      { weight: 2, arbitrary: anyJsonArb.map((v) => [name, v] as const) },
      // Missing: required fields too.
      { weight: required.has(name) ? 1 : 3, arbitrary: fc.constant(undefined) },
    ),
  );
  return fc
    .tuple(fc.tuple(...fields), fc.option(fc.constantFrom('__proto__', 'constructor', 'extra')))
    .map(([entries, extra]) => {
      const out: Json = {};
      for (const entry of entries) if (entry) out[entry[0]] = entry[1];
      if (extra) out[extra] = 1;
      return out;
    });
}

/** A value the schema accepts (as far as a schema can say), so a request gets past validation. */
function validArb(schema: Schema, depth = 0): fc.Arbitrary<unknown> {
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const union = schema.anyOf ?? schema.oneOf;
  if (union?.length) return fc.oneof(...union.map((s) => validArb(s, depth)));
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (type === 'string' && !schema.pattern && !schema.format?.toString().match(/uuid|date|email|binary/)) {
    const min = typeof schema.minLength === 'number' ? schema.minLength : 0;
    const max = typeof schema.maxLength === 'number' ? schema.maxLength : 40;
    return fc.string({
      unit: fc.constantFrom(...'abcxyz fox-_.0123'),
      minLength: Math.max(min, 1),
      maxLength: Math.max(1, Math.min(max, 24)),
    });
  }
  if (type === 'object') {
    if (depth > 3) return fc.constant({});
    const required = new Set(schema.required ?? []);
    const fields = Object.entries(schema.properties ?? {}).map(([name, field]) =>
      required.has(name)
        ? validArb(field, depth + 1).map((v) => [name, v] as const)
        : fc.option(
            validArb(field, depth + 1).map((v) => [name, v] as const),
            { nil: undefined },
          ),
    );
    return fc.tuple(...fields).map((entries) => Object.fromEntries(entries.filter((e) => e !== undefined)));
  }
  if (type === 'array')
    return depth > 3 ? fc.constant([]) : fc.array(validArb(schema.items ?? {}, depth + 1), { maxLength: 2 });
  return validishArb(schema, depth);
}

/** A valid object with one field made wrong: mistyped, tricky text, a nasty number, or gone. */
function oneFieldWrongArb(schema: Schema): fc.Arbitrary<unknown> {
  const names = Object.keys(schema.properties ?? {});
  if (schema.type !== 'object' || names.length === 0) return anyJsonArb;
  return fc
    .tuple(validArb(schema), fc.constantFrom(...names), fc.option(anyJsonArb, { nil: undefined }))
    .map(([valid, name, wrong]) => {
      const out = { ...(valid as Json) };
      if (wrong === undefined) delete out[name];
      else out[name] = wrong;
      return out;
    });
}

const PATH_TRICKS = [
  '..%2f..%2fetc%2fpasswd',
  '%2e%2e',
  '%00',
  '1%00',
  '%E0%A4%A',
  '-1',
  '0',
  '-0',
  '1e400',
  'Infinity',
  'NaN',
  '1.5',
  '99999999999999999999999',
  '4294967296',
  '4294967295',
  '2147483648',
  '9'.repeat(2000),
  'a'.repeat(3000),
  '%F0%9F%98%80',
  '%20',
  'null',
  'undefined',
  '00000000-0000-0000-0000-000000000000',
];

/** Percent-encoded as a client would; a lone surrogate (which no URL can carry) becomes U+FFFD. */
const encode = (value: unknown) =>
  encodeURIComponent(
    String(value).replace(
      /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g,
      '\ufffd',
    ),
  );

/** A path or query value, encoded the way a client would, or raw and tricky. */
function urlValueArb(schema: Schema, knownIds: string[] = []): fc.Arbitrary<string> {
  return fc.oneof(
    ...(knownIds.length ? [{ weight: 3, arbitrary: fc.constantFrom(...knownIds).map(encode) }] : []),
    { weight: 3, arbitrary: validishArb(schema).map(encode) },
    { weight: 3, arbitrary: fc.constantFrom(...PATH_TRICKS) },
    { weight: 2, arbitrary: textArb.map(encode) },
  );
}

/** Just under and just over the 1 MiB body limit (an answer of 413 is fine). */
const HUGE = (bytes: number) => `{"prompt":"${'x'.repeat(bytes)}","title":"${'y'.repeat(1000)}"}`;

const BAD_BODIES: [string, string][] = [
  ['application/json', HUGE(900 * 1024)],
  ['application/json', HUGE(1100 * 1024)],
  ['application/json', '{"a": '],
  ['application/json', '{"prompt": "a\\u0000b"}'],
  ['application/json', '[]'],
  ['application/json', '"text"'],
  ['application/json', 'null'],
  ['application/json', '1e400'],
  ['application/json', ''],
  ['application/json', '{"__proto__": {"admin": true}}'],
  ['application/json', '{"a":1,"a":2}'],
  ['application/json; charset=utf-16', '{}'],
  ['text/plain', 'hello'],
  ['application/x-www-form-urlencoded', 'prompt=a+cat&limit=1e400'],
  [
    'multipart/form-data; boundary=x',
    '--x\r\nContent-Disposition: form-data; name="file"\r\n\r\nabc\r\n--x--',
  ],
  ['multipart/form-data', 'no boundary'],
  ['application/octet-stream', '\u0000\u0001\u0002'],
  ['application/xml', '<a/>'],
];

const HEADER_TRICKS: Record<string, string>[] = [
  {},
  {},
  {},
  { cookie: 'pictura_oauth=%E0%A4%A' },
  { cookie: 'pictura_oauth={"a":' },
  { cookie: '=;;;=; a=%' },
  { authorization: 'Bearer ' },
  { authorization: 'Bearer a.b.c' },
  { authorization: 'Bearer sk_%E0%A4%A' },
  { authorization: 'Basic %%%' },
  { 'last-event-id': '1e400' },
  { 'accept-language': '\u00ff'.repeat(10) },
  { 'x-request-id': 'x'.repeat(500) },
  { accept: 'text/html' },
  // The proof-of-work answer (base64 JSON when honest).
  { 'x-pictura-security-check': '%%%' },
  { 'x-pictura-security-check': Buffer.from('{"signature":1,"number":1e400}').toString('base64') },
  { 'x-pictura-security-check': Buffer.from('not json').toString('base64') },
];

/**
 * A request to the operation: its path, query, headers and body each fuzzed. `knownIds` are ids of things
 * that exist (a job, an API key, users), so some requests reach the code behind "not found".
 */
export function requestArb(op: Operation, knownIds: string[] = []): fc.Arbitrary<FuzzRequest> {
  const path = fc
    .tuple(...op.pathParams.map((p) => urlValueArb(p.schema, knownIds)))
    .map((values) => op.pathParams.reduce((url, p, i) => url.replace(`{${p.name}}`, values[i]!), op.path));
  const query = fc
    .tuple(
      fc.tuple(
        ...op.query.map((q) =>
          fc.oneof(
            { weight: q.required ? 1 : 3, arbitrary: fc.constant(undefined) },
            { weight: 4, arbitrary: urlValueArb(q.schema).map((v) => `${q.name}=${v}`) },
            { weight: 1, arbitrary: fc.constant(`${q.name}=1&${q.name}=2`) },
          ),
        ),
      ),
      fc.option(fc.constantFrom('unknown=1', 'a[b]=1', '%E0%A4%A=1', '__proto__[x]=1')),
    )
    .map(([values, extra]) => {
      const parts = [...values, extra].filter((v): v is string => typeof v === 'string');
      return parts.length ? `?${parts.join('&')}` : '';
    });
  // A multipart operation's valid values go as JSON: the generators build objects, not form parts.
  const jsonBodyType = op.body?.contentType.startsWith('multipart')
    ? 'application/json'
    : op.body?.contentType;
  const body: fc.Arbitrary<{ contentType?: string; body?: string }> = op.body
    ? fc.oneof(
        {
          weight: 3,
          arbitrary: validArb(op.body.schema).map((v) => ({
            contentType: jsonBodyType,
            body: toJsonText(v),
          })),
        },
        {
          weight: 3,
          arbitrary: oneFieldWrongArb(op.body.schema).map((v) => ({
            contentType: 'application/json',
            body: toJsonText(v),
          })),
        },
        {
          weight: 3,
          arbitrary: validishArb(op.body.schema).map((v) => ({
            contentType: jsonBodyType,
            body: toJsonText(v),
          })),
        },
        {
          weight: 1,
          arbitrary: anyJsonArb.map((v) => ({ contentType: 'application/json', body: toJsonText(v) })),
        },
        {
          weight: 2,
          arbitrary: fc.constantFrom(...BAD_BODIES).map(([contentType, body]) => ({ contentType, body })),
        },
        { weight: 1, arbitrary: fc.constant({}) },
      )
    : fc.oneof(
        { weight: 6, arbitrary: fc.constant({}) },
        {
          weight: 1,
          arbitrary: fc.constantFrom(...BAD_BODIES).map(([contentType, body]) => ({ contentType, body })),
        },
      );
  return fc.record({ path, query, body, headers: fc.constantFrom(...HEADER_TRICKS) }).map((r) => ({
    method: op.method,
    url: `${r.path}${r.query}`,
    headers: { ...r.headers, ...(r.body.contentType ? { 'content-type': r.body.contentType } : {}) },
    ...(r.body.body !== undefined && op.method !== 'GET' ? { body: r.body.body } : {}),
  }));
}

/** What is wrong with an answer, or undefined when it is fine. */
export function answerProblem(
  op: Operation,
  status: number,
  contentType: string,
  text: string,
): string | undefined {
  if (status >= 500) return `answered ${status}`;
  if (status < 400) return undefined;
  if (!contentType.includes('application/json')) return `a ${status} with content-type ${contentType}`;
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return `a ${status} whose body is not JSON`;
  }
  const b = body as Json;
  const isString = (v: unknown) => typeof v === 'string' && v.length > 0;
  // OpenAI's surface; the spec's /v1/payments calls document {error, message}.
  if (/^\/v1\/(?!payments\/)/.test(op.path)) {
    const e = b.error as Json | undefined;
    const ok = e && isString(e.message) && isString(e.type) && 'param' in e && 'code' in e;
    return ok ? undefined : `a ${status} not in OpenAI's error shape: ${text.slice(0, 200)}`;
  }
  if (isString(b.error) && isString(b.message)) return undefined;
  if (op.uploadShape && b.success === false && isString(b.error)) return undefined;
  return `a ${status} without {error, message}: ${text.slice(0, 200)}`;
}

/** The gateway's text rules (text-schemas.ts), and ajv's strict formats, which admit no control character. */
const SAFE_FORMATS = new Set([
  'single-line-text',
  'multi-line-text',
  'secret-text',
  'uuid',
  'date-time',
  'date',
  'email',
]);

/** Input fields that break the rule: strings without a safe format or enum, numbers without both bounds. */
export function looseFields(schema: Schema, at: string): string[] {
  if (schema.const !== undefined || schema.enum) return [];
  const union = schema.anyOf ?? schema.oneOf;
  if (union) return union.flatMap((s) => looseFields(s, at));
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const problems: string[] = [];
  if (types.includes('string') && !SAFE_FORMATS.has(String(schema.format))) {
    problems.push(`${at} is a string without the text rule`);
  }
  if (
    (types.includes('integer') || types.includes('number')) &&
    (typeof schema.minimum !== 'number' || typeof schema.maximum !== 'number')
  ) {
    problems.push(`${at} is a number without both bounds`);
  }
  for (const [name, field] of Object.entries(schema.properties ?? {})) {
    problems.push(...looseFields(field, `${at}.${name}`));
  }
  if (schema.items) problems.push(...looseFields(schema.items, `${at}[]`));
  return problems;
}
