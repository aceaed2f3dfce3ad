import { setTimeout as sleep } from 'node:timers/promises';

/**
 * `attempt` until it resolves, pausing `retryMs` after each failure; when the next try would come
 * after `timeoutMs`, its last failure is thrown. For a process waiting at start for a service
 * started alongside it.
 */
export async function retryUntil<T>(attempt: () => Promise<T>, timeoutMs: number, retryMs: number): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await attempt();
    } catch (err) {
      if (Date.now() + retryMs >= deadline) throw err;
      await sleep(retryMs);
    }
  }
}
