import { GeoserviceError } from '../geoservice-error.js';
import { backoffDelayMs, retryAfterMs } from './backoff.js';
import type { CircuitBreaker } from './circuit-breaker.js';

export interface UpstreamHttpOptions {
  timeoutMs: number;
  /** Requests per call, the first included. */
  maxAttempts: number;
  backoffBaseMs: number;
  /** Longest wait between two attempts; a Retry-After beyond it ends the call (the caller retries later). */
  backoffMaxMs: number;
  breaker: CircuitBreaker;
  headers?: Record<string, string>;
  /** Waits between two attempts (default: a timer that `signal` cuts short); a test counts the waits with its own. */
  pause?: (ms: number, signal: AbortSignal | undefined) => Promise<void>;
}

/** Errors that mean nothing listens at the address at all, as opposed to a slow or flaky server. */
const unreachableCodes = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH']);

function errorCode(err: unknown): string | undefined {
  const cause = (err as { cause?: { code?: unknown } }).cause;
  return typeof cause?.code === 'string' ? cause.code : undefined;
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolveSleep, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const onAbort = (): void => {
      clearTimeout(timer);
      reject(signal!.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolveSleep();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * GETs `url` and reads its body, within `timeoutMs` (a `TimeoutError`) or until `signal` aborts.
 * The deadline is our own timer racing the request, not only an abort signal handed to fetch:
 * under GC pressure Node's fetch can lose the link to a request's signal (nodejs/node#55428),
 * and the request then hangs for good.
 */
async function fetchWithin(
  url: string,
  headers: Record<string, string>,
  timeoutMs: number,
  signal: AbortSignal | undefined,
): Promise<{ response: Response; body: string }> {
  const controller = new AbortController();
  let release = (): void => undefined;
  const stopped = new Promise<never>((_, reject) => {
    const stop = (reason: unknown): void => {
      controller.abort(reason);
      reject(reason);
    };
    const timer = setTimeout(() => stop(new DOMException(`no answer within ${timeoutMs} ms`, 'TimeoutError')), timeoutMs);
    const onAbort = (): void => stop(signal?.reason);
    release = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', onAbort);
    };
    if (signal?.aborted) onAbort();
    else signal?.addEventListener('abort', onAbort, { once: true });
  });
  const request = (async () => {
    const response = await fetch(url, { headers, signal: controller.signal });
    return { response, body: await response.text() };
  })();
  // The loser of the race settles later: its rejection is expected, not unhandled.
  request.catch(() => undefined);
  stopped.catch(() => undefined);
  try {
    return await Promise.race([request, stopped]);
  } finally {
    release();
  }
}

/**
 * GETs JSON from the upstream geocoder with a timeout per request, bounded retries with
 * exponential backoff and jitter for transient faults (timeouts, dropped connections, 429, 5xx),
 * Retry-After honoured, and a circuit breaker in front. Throws GeoserviceError: permanent for
 * answers that retrying cannot change, transient when the attempts ran out.
 */
export async function getUpstreamJson(url: string, options: UpstreamHttpOptions, signal?: AbortSignal): Promise<unknown> {
  let lastMessage = '';
  let lastRetryAfter: number | undefined;
  let unreachable = true;
  for (let attempt = 1; attempt <= options.maxAttempts; attempt++) {
    const wait = options.breaker.waitMs();
    if (wait > 0)
      throw new GeoserviceError(
        'geoservice_unavailable',
        `the upstream geocoder is unavailable (circuit open after repeated failures; next try in ${wait} ms)`,
        true,
        wait,
      );
    lastRetryAfter = undefined;
    try {
      const { response, body } = await fetchWithin(url, { accept: 'application/json', ...options.headers }, options.timeoutMs, signal);
      if (response.ok) {
        options.breaker.succeeded();
        try {
          return JSON.parse(body) as unknown;
        } catch {
          throw new GeoserviceError('geoservice_error', 'the upstream geocoder answered with invalid JSON', false);
        }
      }
      unreachable = false;
      if (response.status === 429 || response.status >= 500) {
        // A rate limit says the server is alive: only server errors count against the circuit.
        if (response.status >= 500) options.breaker.failed();
        else options.breaker.succeeded();
        lastRetryAfter = retryAfterMs(response.headers.get('retry-after'));
        lastMessage = `the upstream geocoder answered HTTP ${response.status}`;
      } else {
        options.breaker.succeeded();
        const refused = response.status === 401 || response.status === 403;
        throw new GeoserviceError(
          refused ? 'geoservice_unavailable' : 'geoservice_error',
          `the upstream geocoder refused the request (HTTP ${response.status})`,
          false,
        );
      }
    } catch (err) {
      if (err instanceof GeoserviceError) throw err;
      if (signal?.aborted) throw err;
      options.breaker.failed();
      const code = errorCode(err);
      if (!code || !unreachableCodes.has(code)) unreachable = false;
      const timedOut = (err as Error).name === 'TimeoutError';
      lastMessage = timedOut
        ? `the upstream geocoder did not answer within ${options.timeoutMs} ms`
        : `the upstream geocoder could not be reached (${code ?? (err as Error).message})`;
    }
    if (attempt === options.maxAttempts) break;
    const delay = Math.max(backoffDelayMs(attempt, options.backoffBaseMs, options.backoffMaxMs), lastRetryAfter ?? 0);
    if (delay > options.backoffMaxMs) break;
    await (options.pause ?? sleep)(delay, signal);
  }
  if (unreachable) throw new GeoserviceError('geoservice_unavailable', lastMessage, true, lastRetryAfter);
  throw new GeoserviceError('geoservice_exceeded_maximum_retries', `${lastMessage} (gave up after repeated errors)`, true, lastRetryAfter);
}
