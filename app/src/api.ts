import type { ErrorResponse } from './types';

const sessionKey = 'wayplan.session';

export interface Session {
  id: string;
  username: string;
}

export function currentSession(): Session | undefined {
  const stored = sessionStorage.getItem(sessionKey);
  return stored ? (JSON.parse(stored) as Session) : undefined;
}

export function forgetSession(): void {
  sessionStorage.removeItem(sessionKey);
}

/** A 4xx/5xx answer, with the service's error_response when it sent one. */
export class RequestFailed extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorResponse | undefined,
  ) {
    super(body?.message ?? `HTTP ${status}`);
  }
}

/** Signs in with the session login and keeps the session id for this tab. */
export async function signIn(username: string, password: string): Promise<Session> {
  const response = await fetch(document.body.dataset.loginUrl ?? '/auth/login', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, application: 'session' }),
  });
  const body = (await response.json()) as Partial<ErrorResponse> & { success?: boolean; sessionId?: string };
  if (!response.ok || !body.success || !body.sessionId)
    throw new RequestFailed(response.status, {
      status_code: response.status,
      error_code: body.error_code ?? 'invalid_basic_auth_error',
      message: body.message ?? 'Login failed.',
    });
  const session = { id: body.sessionId, username };
  sessionStorage.setItem(sessionKey, JSON.stringify(session));
  return session;
}

/** Called when the service no longer knows the session: the app shows the sign-in form. */
let onSignedOut: () => void = () => undefined;
export function whenSignedOut(handler: () => void): void {
  onSignedOut = handler;
}

interface RequestOptions {
  body?: unknown;
  accept?: string;
  signal?: AbortSignal;
}

async function send(method: string, path: string, options: RequestOptions): Promise<Response> {
  const session = currentSession();
  const headers: Record<string, string> = { accept: options.accept ?? 'application/json' };
  if (session) headers['x-service-session-id'] = session.id;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  // Tasks with wait=1 answer 302 to their result; fetch follows it with the same headers.
  const response = await fetch(path, {
    method,
    headers,
    ...(options.body !== undefined ? { body: JSON.stringify(options.body) } : {}),
    ...(options.signal ? { signal: options.signal } : {}),
  });
  if (response.ok) return response;
  let body: ErrorResponse | undefined;
  try {
    body = (await response.json()) as ErrorResponse;
  } catch {
    body = undefined;
  }
  if (response.status === 401) {
    forgetSession();
    onSignedOut();
  }
  throw new RequestFailed(response.status, body);
}

export async function getJson<T>(path: string, signal?: AbortSignal): Promise<T> {
  return (await (await send('GET', path, signal ? { signal } : {})).json()) as T;
}

export async function postJson<T>(path: string, body: unknown): Promise<T> {
  return (await (await send('POST', path, { body })).json()) as T;
}

export async function postForText(path: string, body: unknown, accept: string): Promise<string> {
  return (await send('POST', path, { body, accept })).text();
}

/** A human sentence for any failure, with the first validation faults. */
export function describeFailure(err: unknown): string {
  if (err instanceof RequestFailed) {
    const faults = (err.body?.errors ?? []).slice(0, 3).map((fault) => `${fault.property ?? ''} ${fault.message}`.trim());
    return [err.message, ...faults].join(' — ');
  }
  return err instanceof Error ? err.message : String(err);
}
