// PostgreSQL cannot store a NUL character in text (it answers "invalid byte sequence", a 500 to the user). The
// gateway refuses control characters at the edge (services/gateway/src/text-schemas.ts); this is the same
// rule's last line, applied by every gRPC server to every request, so a route that forgets the edge rule
// still answers INVALID_ARGUMENT rather than an internal error.
import { AppError } from './app-error.ts';

/** Deeper than any of our messages nest; past it a request is refused rather than walked. */
const MAX_DEPTH = 16;

/** Whether any string in a request message (nested messages, lists and maps included) holds a NUL. */
export function containsNul(value: unknown, depth = 0): boolean {
  if (typeof value === 'string') return value.includes('\u0000');
  if (value === null || typeof value !== 'object' || ArrayBuffer.isView(value)) return false;
  if (depth > MAX_DEPTH) return true;
  const children = value instanceof Map ? value.entries() : Object.entries(value);
  for (const [k, v] of children) {
    if (containsNul(k, depth + 1) || containsNul(v, depth + 1)) return true;
  }
  return false;
}

/** Throws INVALID_ARGUMENT when a request carries a NUL anywhere. */
export function refuseNul(request: unknown): void {
  if (containsNul(request)) {
    throw new AppError('invalid_argument', 'Text must not contain NUL characters', 'invalid_text');
  }
}
