import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiContext } from '../context.js';
import { ApiError } from '../errors.js';
import type { LoginThrottle } from '../login-throttle.js';
import { splitUsername, type Identity } from '../../store/users.js';

/**
 * Session headers, in the order they are read: the compatible API's documented header, then the
 * one the interface names. A client sends either; both carry the id from the login service.
 */
export const sessionHeaders = ['x-telogis-session-id', 'x-service-session-id'] as const;

export function sessionId(request: FastifyRequest): string | undefined {
  for (const name of sessionHeaders) {
    const value = request.headers[name];
    if (typeof value === 'string' && value !== '') return value;
  }
  return undefined;
}

/** Every 401 names the scheme that works (RFC 9110 §11.6.1). */
export const authenticateHeaders = { 'WWW-Authenticate': 'Basic realm="wayplan", charset="UTF-8"' };

function invalidBasic(): ApiError {
  return new ApiError(
    401,
    'invalid_basic_auth_error',
    'The Authorization header is not valid Basic credentials of a known account:user.',
    authenticateHeaders,
  );
}

/** Failed logins counted per `account:user` and, more leniently (clients share addresses), per client address. */
export interface LoginThrottles {
  account: LoginThrottle;
  address: LoginThrottle;
}

/**
 * Checks a password under the throttles: refused with 429 and `Retry-After` while the account or
 * the client address has too many recent failures, before the password is looked at; a failure
 * counts against both, a success clears the account's count.
 */
export async function throttledAuthenticate(
  ctx: ApiContext,
  throttles: LoginThrottles,
  request: FastifyRequest,
  name: { account: string; user: string } | undefined,
  password: string | undefined,
): Promise<Identity | undefined> {
  const accountKey = name ? `${name.account}:${name.user}` : undefined;
  const waits = [
    throttles.address.retryAfterSeconds(request.ip),
    accountKey === undefined ? undefined : throttles.account.retryAfterSeconds(accountKey),
  ];
  const retryAfter = Math.max(...waits.map((w) => w ?? 0));
  if (retryAfter > 0) {
    throw new ApiError(429, 'too_many_requests_error', `Too many failed logins; try again in ${retryAfter} s.`, {
      'Retry-After': String(retryAfter),
    });
  }
  const identity =
    name && password !== undefined && !password.includes('\0')
      ? await ctx.users.authenticate(name.account, name.user, password)
      : undefined;
  if (identity) {
    throttles.account.succeeded(accountKey!);
  } else {
    throttles.address.failed(request.ip);
    if (accountKey !== undefined) throttles.account.failed(accountKey);
  }
  return identity;
}

function basicCredentials(header: string): { name: { account: string; user: string } | undefined; password: string | undefined } {
  const match = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header);
  if (!match) return { name: undefined, password: undefined };
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  // The password may contain colons; the username's own colon arrives percent-encoded or as the
  // first colon of `account:user:password`, so try the encoded form first.
  const firstColon = decoded.indexOf(':');
  if (firstColon < 0) return { name: undefined, password: undefined };
  const encoded = splitUsername(decoded.slice(0, firstColon));
  if (encoded) return { name: encoded, password: decoded.slice(firstColon + 1) };
  const secondColon = decoded.indexOf(':', firstColon + 1);
  if (secondColon < 0) return { name: undefined, password: undefined };
  return { name: splitUsername(decoded.slice(0, secondColon)), password: decoded.slice(secondColon + 1) };
}

async function basicIdentity(ctx: ApiContext, throttles: LoginThrottles, request: FastifyRequest, header: string): Promise<Identity> {
  const { name, password } = basicCredentials(header);
  const identity = await throttledAuthenticate(ctx, throttles, request, name, password);
  if (!identity) throw invalidBasic();
  return identity;
}

async function identify(ctx: ApiContext, throttles: LoginThrottles, request: FastifyRequest): Promise<Identity> {
  const session = sessionId(request);
  const authorization = request.headers.authorization;
  if (session !== undefined) {
    const identity = await ctx.sessions.touch(session);
    if (!identity)
      throw new ApiError(401, 'invalid_session_id_error', 'The session id is unknown or has expired; log in again.', authenticateHeaders);
    return identity;
  }
  if (authorization) return basicIdentity(ctx, throttles, request, authorization);
  throw new ApiError(
    401,
    'authentication_required_error',
    `Authenticate with HTTP Basic (account:user) or an X-Telogis-Session-Id (or X-Service-Session-Id) header from ${ctx.config.authUrl}/login.`,
    authenticateHeaders,
  );
}

/** First step of the pipeline: every request except public ones carries an identity. */
export function authentication(app: FastifyInstance, ctx: ApiContext, throttles: LoginThrottles): void {
  app.decorateRequest('identity', undefined);
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.public) return;
    request.identity = await identify(ctx, throttles, request);
  });
}
