import type { FastifyInstance } from 'fastify';
import { runView } from '../../store/pipeline-run-view.js';
import { PipelineRunStore } from '../../store/pipeline-runs.js';
import type { ApiContext } from '../context.js';
import { ApiError, ValidationFailedError } from '../errors.js';
import { decodeCursor, encodeCursor } from '../page-cursor.js';
import { resource } from '../resource.js';

/** Read-only views of the account's nightly planning runs (design.md §10). */
export function pipelineRunRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const runs = new PipelineRunStore(ctx.pool);

  resource(app, '/v1/platform/runs', {
    GET: {
      handler: async (request) => {
        const query = request.query as { limit?: string; cursor?: string };
        const limit = query.limit === undefined ? 50 : Number(query.limit);
        if (!Number.isInteger(limit) || limit < 1 || limit > 1000) {
          throw new ValidationFailedError([{ property: 'limit', code: 'value_out_of_range_error', message: 'limit must be an integer from 1 to 1000.', attempted_value: query.limit }]);
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
      handler: async (request) => {
        const { runId } = request.params as { runId: string };
        const run = await runs.get(request.identity!.account, runId);
        if (!run) throw new ApiError(404, 'not_found_error', `No run ${runId}.`);
        return runView(run);
      },
    },
  });
}
