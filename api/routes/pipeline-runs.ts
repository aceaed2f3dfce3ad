import type { FastifyInstance } from 'fastify';
import { runView } from '../../store/pipeline-run-view.js';
import { PipelineRunStore } from '../../store/pipeline-runs.js';
import type { ApiContext } from '../context.js';
import { ApiError, ValidationFailedError } from '../errors.js';
import { decodeCursor, encodeCursor } from '../page-cursor.js';
import { COMMON_ERRORS, errorResponse, okResponse, pathParameter, query } from '../openapi/describe.js';
import { resource } from '../resource.js';

// The body is what `wayplan runs show --json` prints (store/pipeline-run-view.ts).
const territory = {
  type: 'object',
  description:
    'territory, status, step (running or failed one), jobs, routed, unrouted [{id, reasons[], error_code?, message?}], routes, cost, distance_meters, ' +
    'failed_addresses [{kind, id, query, error_code, message}], row_faults [{source, line, column?, message}], steps {pull|geocode|instantiate|build|optimize|sync: {status, ms, reused?}}, ' +
    'synced_to, sync {destination, routes, stops, unchanged}, error?, started_time, finished_time',
};
const run = {
  type: 'object',
  description:
    'run_id, account, connection, status (running, completed, failed, canceled), trigger (manual, schedule), plan_date, days, requested_territories, workflow_id, error?, started_time, finished_time',
  properties: { territories: { type: 'array', items: territory } },
};

/** Read-only views of the account's nightly planning runs. */
export function pipelineRunRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const runs = new PipelineRunStore(ctx.pool);

  resource(app, '/v1/platform/runs', {
    GET: {
      doc: {
        operationId: 'list_pipeline_runs',
        tags: ['platform'],
        parameters: [
          query('limit', { type: 'integer', minimum: 1, maximum: 1000 }, false, 'Page size (default 50).'),
          query('cursor', { type: 'string' }, false, 'From the previous page.'),
        ],
        responses: {
          '200': okResponse("The account's nightly runs, newest first; next_cursor when there are more.", {
            type: 'object',
            properties: { runs: { type: 'array', items: run }, next_cursor: { type: 'string' } },
          }),
          ...COMMON_ERRORS,
        },
      },
      handler: async (request) => {
        const query = request.query as { limit?: string; cursor?: string };
        const limit = query.limit === undefined ? 50 : Number(query.limit);
        if (!Number.isInteger(limit) || limit < 1 || limit > 1000) {
          throw new ValidationFailedError([
            {
              property: 'limit',
              code: 'value_out_of_range_error',
              message: 'limit must be an integer from 1 to 1000.',
              attempted_value: query.limit,
            },
          ]);
        }
        const page = await runs.list(request.identity!.account, limit + 1, query.cursor ? decodeCursor(query.cursor) : undefined);
        const shown = page.slice(0, limit);
        const last = shown[shown.length - 1];
        return {
          runs: shown.map(runView),
          ...(page.length > limit && last ? { next_cursor: encodeCursor(last.startedTime, last.id) } : {}),
        };
      },
    },
  });

  resource(app, '/v1/platform/runs/:runId', {
    GET: {
      doc: {
        operationId: 'get_pipeline_run',
        tags: ['platform'],
        parameters: [pathParameter('runId', 'The run_id.')],
        responses: { '200': okResponse('The run with its territories.', run), '404': errorResponse('not_found_error.'), ...COMMON_ERRORS },
      },
      handler: async (request) => {
        const { runId } = request.params as { runId: string };
        const run = await runs.get(request.identity!.account, runId);
        if (!run) throw new ApiError(404, 'not_found_error', `No run ${runId}.`);
        return runView(run);
      },
    },
  });
}
