import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { serveMatrixCache } from './cache-port.js';
import { MatrixCache } from './matrix-cache.js';

const defaultCacheMegabytes = 256;

/** `WAYPLAN_TRAVEL_CACHE_MB` (default 256; 0 turns the cache off). */
export function travelCacheBytes(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.WAYPLAN_TRAVEL_CACHE_MB;
  if (raw === undefined || raw === '') return defaultCacheMegabytes * 1024 * 1024;
  const megabytes = Number(raw);
  if (!Number.isFinite(megabytes) || megabytes < 0) throw new Error(`WAYPLAN_TRAVEL_CACHE_MB must be a number ≥ 0, got "${raw}"`);
  return Math.floor(megabytes * 1024 * 1024);
}

let processCache: MatrixCache | undefined;

/** The travel matrix cache of this process (a worker): shared by every operation it runs. */
export function processMatrixCache(): MatrixCache {
  processCache ??= new MatrixCache(travelCacheBytes());
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
