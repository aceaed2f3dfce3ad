import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../context.js';
import { okResponse } from '../openapi/describe.js';
import { resource } from '../resource.js';

const health = {
  type: 'object',
  required: ['status', 'postgres', 'temporal'],
  properties: { status: { type: 'string', enum: ['ok', 'unavailable'] }, postgres: { type: 'string' }, temporal: { type: 'string' } },
  description: 'postgres and temporal: "ok" or what failed.',
};

async function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  try {
    return await Promise.race([work, timeout]);
  } finally {
    clearTimeout(timer);
  }
}

/** `GET /healthz`: 200 when PostgreSQL and Temporal both answer, else 503 with what failed. */
export function healthRoutes(app: FastifyInstance, ctx: ApiContext): void {
  resource(
    app,
    '/healthz',
    {
      GET: {
        doc: {
          operationId: 'health',
          tags: ['operations'],
          security: [],
          responses: {
            '200': okResponse('PostgreSQL and Temporal answer.', health),
            '503': okResponse('Something does not answer.', health),
          },
        },
        handler: async (_request, reply) => {
          const check = async (work: () => Promise<unknown>): Promise<string> => {
            try {
              await within(3000, work());
              return 'ok';
            } catch (err) {
              return (err as Error).message;
            }
          };
          const [postgres, temporal] = await Promise.all([
            check(() => ctx.pool.query('SELECT 1')),
            check(() => ctx.temporal.connection.workflowService.getSystemInfo({})),
          ]);
          const healthy = postgres === 'ok' && temporal === 'ok';
          return reply.code(healthy ? 200 : 503).send({ status: healthy ? 'ok' : 'unavailable', postgres, temporal });
        },
      },
    },
    true,
  );
}
