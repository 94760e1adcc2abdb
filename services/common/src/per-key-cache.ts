// A short cache of one answer per key (a user's plan rate, their API access), so a busy caller costs the
// source one call every few seconds. It keeps the promise, so callers that arrive while the first call is
// in flight share it; a failed call is forgotten at once, and the oldest entry goes past maxEntries.

export interface PerKeyCacheOptions<V> {
  /** Entries kept before the oldest is dropped. */
  maxEntries?: number;
  /** Whether a resolved answer may be reused; one it refuses is forgotten once it arrives. */
  reuse?: (value: V) => boolean;
}

/** `ask`, with each key's answer reused for `ttlMs`; arguments after the key go to the call that misses. */
export function cachedByKey<K, V, Rest extends unknown[]>(
  ask: (key: K, ...rest: Rest) => Promise<V>,
  ttlMs: number,
  { maxEntries = 10_000, reuse = () => true }: PerKeyCacheOptions<V> = {},
): (key: K, ...rest: Rest) => Promise<V> {
  const cache = new Map<K, { value: Promise<V>; expires: number }>();
  // Only this call's entry: a newer one for the key may have replaced it meanwhile.
  const forget = (key: K, value: Promise<V>) => {
    if (cache.get(key)?.value === value) cache.delete(key);
  };
  return (key, ...rest) => {
    const hit = cache.get(key);
    if (hit && hit.expires > Date.now()) return hit.value;
    cache.delete(key);
    const value = ask(key, ...rest);
    cache.set(key, { value, expires: Date.now() + ttlMs });
    value.then(
      (answer) => {
        if (!reuse(answer)) forget(key, value);
      },
      () => forget(key, value),
    );
    if (cache.size > maxEntries) cache.delete(cache.keys().next().value as K);
    return value;
  };
}
