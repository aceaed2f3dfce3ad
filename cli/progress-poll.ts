import type { Client } from '@temporalio/client';

const POLL_MS = 500;

/**
 * Waits for `outcome` while asking `query` for progress every POLL_MS. A query still in flight when
 * the outcome arrives is aborted and awaited before this returns: the client retries a failed call
 * on a timer, and a retry that fires after the command has closed its connection throws outside any
 * promise, which ends the command with exit code 1 after its work succeeded.
 */
export async function withProgress<T, P>(
  client: Client,
  query: () => Promise<P>,
  show: (progress: P) => void,
  outcome: () => Promise<T>,
): Promise<T> {
  // One signal per query: a signal shared by all of them would collect a listener per query.
  const pending = new Map<Promise<void>, AbortController>();
  const poll = setInterval(() => {
    const controller = new AbortController();
    const asked = client.withAbortSignal(controller.signal, query).then(show, () => undefined);
    pending.set(asked, controller);
    void asked.then(() => pending.delete(asked));
  }, POLL_MS);
  try {
    return await outcome();
  } finally {
    clearInterval(poll);
    for (const controller of pending.values()) controller.abort();
    await Promise.all(pending.keys());
  }
}
