import type { FastifyReply } from 'fastify';
import type { ChangeEvents } from '../../store/change-events.js';
import type { SandboxRecord, SandboxStore } from '../../store/sandboxes.js';

export type RevisionWait =
  | { outcome: 'ready'; sandbox: SandboxRecord }
  | { outcome: 'timeout'; sandbox: SandboxRecord }
  | { outcome: 'deleted' }
  | { outcome: 'disconnected' };

// A lost notification (listener reconnecting) costs at most this much latency.
const recheckMs = 2000;

/**
 * Holds a `revisions?from=N&wait=1` request until the sandbox has revision N, the wait is over,
 * the sandbox is deleted or the client goes away. Listens before each read, so a revision
 * committed between the read and the wait still wakes it.
 */
export async function waitForRevision(
  events: ChangeEvents,
  sandboxes: SandboxStore,
  id: string,
  from: number,
  waitMs: number,
  reply: FastifyReply,
): Promise<RevisionWait> {
  const stop = new AbortController();
  const onClose = (): void => {
    if (!reply.raw.writableFinished) stop.abort();
  };
  reply.raw.once('close', onClose);
  reply.request.slots?.beginWait();
  const deadline = Date.now() + waitMs;
  try {
    for (;;) {
      const left = deadline - Date.now();
      const change = events.nextChange(id, Math.min(Math.max(left, 0), recheckMs), stop.signal);
      const sandbox = await sandboxes.get(id);
      if (stop.signal.aborted) return { outcome: 'disconnected' };
      if (sandbox === undefined) return { outcome: 'deleted' };
      if (sandbox.latestRevision >= from) return { outcome: 'ready', sandbox };
      if (left <= 0) return { outcome: 'timeout', sandbox };
      await change;
    }
  } finally {
    reply.raw.off('close', onClose);
    // Releases the listener and timer of the last wait.
    stop.abort();
  }
}
