/**
 * Asks `check` again every `everyMs` until it gives a value other than undefined, and returns that
 * value; after `timeoutMs` it fails, naming `what` was awaited.
 */
export async function waitUntil<T>(
  what: string,
  check: () => Promise<T | undefined>,
  { timeoutMs = 30000, everyMs = 250 }: { timeoutMs?: number; everyMs?: number } = {},
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting until ${what}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
