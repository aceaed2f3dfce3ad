import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../context.js';
import { okResponse } from '../openapi/describe.js';
import { resource } from '../resource.js';
import { describeTemporalFault } from '../unavailable.js';
import { describeDatabaseFault } from '../../store/database-faults.js';

const health = {
  type: 'object',
  required: ['status', 'postgres', 'temporal'],
  properties: { status: { type: 'string', enum: ['ok', 'unavailable'] }, postgres: { type: 'string' }, temporal: { type: 'string' } },
  description: 'postgres and temporal: "ok" or what failed, naming no address.',
};

class NoAnswerError extends Error {}

async function within<T>(ms: number, work: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new NoAnswerError(`no answer within ${ms} ms`)), ms);
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
        handler: async (request, reply) => {
          // The body is for anyone: what failed, in words that name no host, port or user; the log has the error.
          const check = async (name: string, work: () => Promise<unknown>, describe: (err: unknown) => string): Promise<string> => {
            try {
              await within(3000, work());
              return 'ok';
            } catch (err) {
              request.log.warn({ err }, `healthz: ${name} failed`);
              return err instanceof NoAnswerError ? err.message : describe(err);
            }
          };
          const [postgres, temporal] = await Promise.all([
            check('PostgreSQL', () => ctx.pool.query('SELECT 1'), describeDatabaseFault),
            check('Temporal', () => ctx.temporal.connection.workflowService.getSystemInfo({}), describeTemporalFault),
          ]);
          const healthy = postgres === 'ok' && temporal === 'ok';
          return reply.code(healthy ? 200 : 503).send({ status: healthy ? 'ok' : 'unavailable', postgres, temporal });
        },
      },
    },
    true,
  );
}
