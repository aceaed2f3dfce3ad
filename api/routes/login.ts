import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../context.js';
import { ApiError } from '../errors.js';
import { errorResponse, okResponse, ref } from '../openapi/describe.js';
import { authenticateHeaders, sessionId, throttledAuthenticate, type LoginThrottles } from '../plugins/auth.js';
import { resource } from '../resource.js';
import { splitUsername } from '../../store/users.js';
import { requireJsonBody } from './operations.js';

/**
 * `POST {auth_url}/login`: `{username: "account:user", password, application: "session"}` →
 * `{success, sessionId}`, throttled like Basic credentials; `POST {auth_url}/logout` with the
 * session header ends that session.
 */
export function loginRoutes(app: FastifyInstance, ctx: ApiContext, throttles: LoginThrottles): void {
  const base = new URL(ctx.config.authUrl).pathname.replace(/\/+$/, '');
  resource(
    app,
    `${base}/login`,
    {
      POST: {
        doc: {
          operationId: 'login',
          tags: ['authentication'],
          security: [],
          requestBody: { required: true, content: { 'application/json': { schema: ref('login_request') } } },
          responses: {
            '200': okResponse('A session id to send as X-Telogis-Session-Id (or X-Service-Session-Id).', ref('login_response')),
            '401': okResponse('Login failed: success false, with the error_response fields.', {
              allOf: [ref('login_response'), ref('error_response')],
            }),
            default: errorResponse('Any other error.'),
          },
        },
        handler: async (request, reply) => {
          const body = requireJsonBody(request) as { username?: unknown; password?: unknown; application?: unknown };
          const name = typeof body.username === 'string' ? splitUsername(body.username) : undefined;
          const password = typeof body.password === 'string' && body.application === 'session' ? body.password : undefined;
          const identity = await throttledAuthenticate(ctx, throttles, request, name, password);
          if (!identity) {
            return reply.code(401).headers(authenticateHeaders).send({
              success: false,
              status_code: 401,
              error_code: 'invalid_basic_auth_error',
              message: 'Login failed: username must be account:user with its password, and application must be "session".',
            });
          }
          return { success: true, sessionId: await ctx.sessions.create(identity) };
        },
      },
    },
    true,
  );
  resource(
    app,
    `${base}/logout`,
    {
      POST: {
        doc: {
          operationId: 'logout',
          tags: ['authentication'],
          security: [],
          responses: {
            '200': okResponse('The session has ended.', {
              type: 'object',
              required: ['success'],
              properties: { success: { type: 'boolean' } },
            }),
            default: errorResponse('No session header, or any other error.'),
          },
        },
        handler: async (request) => {
          const session = sessionId(request);
          if (session === undefined) {
            throw new ApiError(
              401,
              'authentication_required_error',
              'Send the session to end in the X-Telogis-Session-Id (or X-Service-Session-Id) header.',
              authenticateHeaders,
            );
          }
          await ctx.sessions.end(session);
          return { success: true };
        },
      },
    },
    true,
  );
}
