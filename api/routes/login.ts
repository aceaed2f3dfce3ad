import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../context.js';
import { splitUsername } from '../plugins/auth.js';
import { errorResponse, okResponse, ref } from '../openapi/describe.js';
import { resource } from '../resource.js';
import { requireJsonBody } from './operations.js';

/** `POST {auth_url}/login`: `{username: "account:user", password, application: "session"}` → `{success, sessionId}`. */
export function loginRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const path = `${new URL(ctx.config.authUrl).pathname.replace(/\/+$/, '')}/login`;
  resource(
    app,
    path,
    {
      POST: {
        doc: {
          operationId: 'login',
          tags: ['authentication'],
          security: [],
          requestBody: { required: true, content: { 'application/json': { schema: ref('login_request') } } },
          responses: {
            '200': okResponse('A session id to send as X-Telogis-Session-Id (or X-Service-Session-Id).', ref('login_response')),
            '401': okResponse('Login failed: success false, with the error_response fields.', { allOf: [ref('login_response'), ref('error_response')] }),
            default: errorResponse('Any other error.'),
          },
        },
        handler: async (request, reply) => {
          const body = requireJsonBody(request) as { username?: unknown; password?: unknown; application?: unknown };
          const name = typeof body.username === 'string' ? splitUsername(body.username) : undefined;
          const identity =
            name && typeof body.password === 'string' && body.application === 'session'
              ? await ctx.users.authenticate(name.account, name.user, body.password)
              : undefined;
          if (!identity) {
            return reply.code(401).send({
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
}
