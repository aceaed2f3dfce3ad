/** Thrown when an engine answers with something we cannot use, or not at all after the retries. */
export class TravelServiceError extends Error {
  constructor(
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

export interface HttpJsonOptions {
  timeoutMs: number;
  /** Attempts in all, the first included. */
  attempts: number;
  /** Base of the exponential backoff between attempts. */
  backoffMs: number;
}

export const defaultHttpJsonOptions: HttpJsonOptions = { timeoutMs: 30000, attempts: 3, backoffMs: 250 };

function retryAfterMs(header: string | null): number | undefined {
  if (!header) return undefined;
  const seconds = Number(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

/**
 * GETs or POSTs JSON with a timeout per attempt and bounded retries on what is worth retrying
 * (network errors, timeouts, 429, 5xx): exponential backoff with full jitter, or the server's
 * Retry-After when it sends one. Other 4xx are final.
 */
export async function requestJson(
  url: string,
  body: unknown | undefined,
  options: HttpJsonOptions = defaultHttpJsonOptions,
): Promise<unknown> {
  let lastError: TravelServiceError | undefined;
  // A matrix block's URL holds every coordinate (about 20 kB for 500 × 500): errors name its start.
  const shown = url.length > 200 ? `${url.slice(0, 200)}…` : url;
  for (let attempt = 1; attempt <= options.attempts; attempt++) {
    let waitMs = Math.random() * options.backoffMs * 2 ** (attempt - 1);
    try {
      const response = await fetch(url, {
        method: body === undefined ? 'GET' : 'POST',
        headers: body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json', accept: 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
        signal: AbortSignal.timeout(options.timeoutMs),
      });
      const text = await response.text();
      if (response.ok) {
        try {
          return JSON.parse(text);
        } catch {
          throw new TravelServiceError(`${shown} answered ${response.status} with a body that is not JSON`, response.status);
        }
      }
      lastError = new TravelServiceError(`${shown} answered ${response.status}: ${text.slice(0, 200)}`, response.status);
      if (response.status !== 429 && response.status < 500) throw lastError;
      waitMs = retryAfterMs(response.headers.get('retry-after')) ?? waitMs;
    } catch (err) {
      if (err instanceof TravelServiceError && err.status !== undefined && err.status !== 429 && err.status < 500) throw err;
      lastError = err instanceof TravelServiceError ? err : new TravelServiceError(`${shown}: ${(err as Error).message}`);
    }
    if (attempt < options.attempts) await new Promise((r) => setTimeout(r, waitMs));
  }
  throw lastError ?? new TravelServiceError(`${shown}: no answer`);
}
