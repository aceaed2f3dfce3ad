import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiContext } from '../context.js';
import { ApiError } from '../errors.js';
import type { Identity } from '../../store/users.js';

/**
 * Session headers, in the order they are read: the compatible API's documented header, then the
 * one interface.md names. A client sends either; both carry the id from the login service.
 */
export const sessionHeaders = ['x-telogis-session-id', 'x-service-session-id'] as const;

function sessionId(request: FastifyRequest): string | undefined {
  for (const name of sessionHeaders) {
    const value = request.headers[name];
    if (typeof value === 'string' && value !== '') return value;
  }
  return undefined;
}

function invalidBasic(): ApiError {
  return new ApiError(401, 'invalid_basic_auth_error', 'The Authorization header is not valid Basic credentials of a known account:user.');
}

/** `account:user` as sent, with the colon possibly percent-encoded (`acme%3Aops`). */
export function splitUsername(username: string): { account: string; user: string } | undefined {
  let decoded: string;
  try {
    decoded = decodeURIComponent(username);
  } catch {
    return undefined;
  }
  const colon = decoded.indexOf(':');
  if (colon <= 0 || colon === decoded.length - 1) return undefined;
  return { account: decoded.slice(0, colon), user: decoded.slice(colon + 1) };
}

async function basicIdentity(ctx: ApiContext, header: string): Promise<Identity> {
  const match = /^Basic\s+([A-Za-z0-9+/=_-]+)\s*$/i.exec(header);
  if (!match) throw invalidBasic();
  const decoded = Buffer.from(match[1]!, 'base64').toString('utf8');
  // The password may contain colons; the username's own colon arrives percent-encoded or as the
  // first colon of `account:user:password`, so try the encoded form first.
  const firstColon = decoded.indexOf(':');
  if (firstColon < 0) throw invalidBasic();
  let name = splitUsername(decoded.slice(0, firstColon));
  let password = decoded.slice(firstColon + 1);
  if (!name) {
    const secondColon = decoded.indexOf(':', firstColon + 1);
    if (secondColon < 0) throw invalidBasic();
    name = splitUsername(decoded.slice(0, secondColon));
    password = decoded.slice(secondColon + 1);
  }
  if (!name) throw invalidBasic();
  const identity = await ctx.users.authenticate(name.account, name.user, password);
  if (!identity) throw invalidBasic();
  return identity;
}

async function identify(ctx: ApiContext, request: FastifyRequest): Promise<Identity> {
  const session = sessionId(request);
  const authorization = request.headers.authorization;
  if (session !== undefined) {
    const identity = await ctx.sessions.touch(session);
    if (!identity) throw new ApiError(401, 'invalid_session_id_error', 'The session id is unknown or has expired; log in again.');
    return identity;
  }
  if (authorization) return basicIdentity(ctx, authorization);
  throw new ApiError(401, 'authentication_required_error', `Authenticate with HTTP Basic (account:user) or an X-Telogis-Session-Id (or X-Service-Session-Id) header from ${ctx.config.authUrl}/login.`);
}

/** First step of the pipeline: every request except public ones carries an identity. */
export function authentication(app: FastifyInstance, ctx: ApiContext): void {
  app.decorateRequest('identity', undefined);
  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.public) return;
    request.identity = await identify(ctx, request);
  });
}
