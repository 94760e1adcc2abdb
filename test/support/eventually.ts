/** Waits (bounded) until `check` answers a value, polling; the condition decides, not the clock. */
export async function eventually<T>(
  check: () => Promise<T | undefined>,
  what: string,
  attempts = 600,
): Promise<T> {
  for (let attempt = 0; attempt < attempts; attempt++) {
    const value = await check();
    if (value !== undefined) return value;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`gave up waiting for ${what}`);
}
