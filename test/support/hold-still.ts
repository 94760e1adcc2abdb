// The one fixed wait tests may use: for proving that something does NOT happen within a window (or that a
// lifetime runs out), where there is no later state to wait for. Everything else waits for the state it
// needs (eventually.ts, expect.poll, an event, an injected clock).

/** Lets `ms` pass on purpose; `reason` says what the window proves, and is returned for a message. */
export async function holdStill(ms: number, reason: string): Promise<string> {
  await new Promise((resolve) => setTimeout(resolve, ms));
  return reason;
}
