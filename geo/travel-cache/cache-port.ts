import type { MessagePort } from 'node:worker_threads';
import type { TravelMatrix } from '../travel.js';
import type { MatrixCache, MatrixStore } from './matrix-cache.js';

/** Requests an operation thread sends to the process that holds the cache. */
type CacheRequest =
  { kind: 'get'; id: number; key: string } | { kind: 'set'; key: string; matrix: TravelMatrix } | { kind: 'flush'; id: number };

/** Answers to `get` and `flush`, by request id. */
interface CacheReply {
  id: number;
  matrix?: TravelMatrix;
}

/**
 * Serves `cache` on one end of a message channel: operation threads are short-lived (one per
 * task), the cache lives as long as the worker process that starts them.
 */
export function serveMatrixCache(cache: MatrixCache, port: MessagePort): void {
  port.on('message', (request: CacheRequest) => {
    switch (request.kind) {
      case 'get': {
        const matrix = cache.lookup(request.key);
        port.postMessage({ id: request.id, ...(matrix ? { matrix } : {}) } satisfies CacheReply);
        return;
      }
      case 'set':
        cache.set(request.key, request.matrix);
        return;
      case 'flush':
        port.postMessage({ id: request.id } satisfies CacheReply);
        return;
    }
  });
}

/**
 * The thread's side of `serveMatrixCache`. The port holds the thread open only while an answer is
 * awaited; `close` first makes sure every `set` sent has reached the cache.
 */
export class RemoteMatrixStore implements MatrixStore {
  private readonly waiting = new Map<number, (reply: CacheReply) => void>();
  private nextId = 0;

  /** `maxBytes`: the size of the cache behind the port. */
  constructor(
    private readonly port: MessagePort,
    readonly maxBytes = Number.POSITIVE_INFINITY,
  ) {
    port.on('message', (reply: CacheReply) => {
      const resolve = this.waiting.get(reply.id);
      this.waiting.delete(reply.id);
      if (this.waiting.size === 0) port.unref();
      resolve?.(reply);
    });
    port.unref();
  }

  async get(key: string): Promise<TravelMatrix | undefined> {
    return (await this.ask((id) => ({ kind: 'get', id, key }))).matrix;
  }

  set(key: string, matrix: TravelMatrix): void {
    this.port.postMessage({ kind: 'set', key, matrix } satisfies CacheRequest);
  }

  async close(): Promise<void> {
    await this.ask((id) => ({ kind: 'flush', id }));
    this.port.close();
  }

  private ask(request: (id: number) => CacheRequest): Promise<CacheReply> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      if (this.waiting.size === 0) this.port.ref();
      this.waiting.set(id, resolve);
      this.port.postMessage(request(id));
    });
  }
}
