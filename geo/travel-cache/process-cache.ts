import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { serveMatrixCache } from './cache-port.js';
import { MatrixCache } from './matrix-cache.js';

let processCache: MatrixCache | undefined;

/** Gives this process (a worker, at start) its travel matrix cache of `maxBytes` (0 = none). */
export function sizeProcessMatrixCache(maxBytes: number): void {
  processCache = new MatrixCache(maxBytes);
}

/** The travel matrix cache of this process: shared by every operation it runs; keeps nothing until sized. */
export function processMatrixCache(): MatrixCache {
  processCache ??= new MatrixCache(0);
  return processCache;
}

/**
 * A port an operation thread reaches the process's matrix cache through (transfer it to the
 * thread); `close` when the thread is done.
 */
export function openMatrixCachePort(): { port: MessagePort; close: () => void } {
  const channel = new MessageChannel();
  serveMatrixCache(processMatrixCache(), channel.port1);
  return { port: channel.port2, close: () => channel.port1.close() };
}
