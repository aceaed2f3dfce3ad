import type { FastifyInstance } from 'fastify';
import { plannedProblem, withoutCalculatedValues } from '../../model/plan-result.js';
import { latestStepOutput } from '../../store/night-plan.js';
import { getPayload } from '../../store/payloads.js';
import { PipelineRunStore } from '../../store/pipeline-runs.js';
import type { ApiContext } from '../context.js';
import { ApiError } from '../errors.js';
import { errorResponse, okResponse, pathParameter, query } from '../openapi/describe.js';
import { resource } from '../resource.js';

type Json = Record<string, unknown>;

/**
 * `GET /v1/platform/runs/{id}/plan?territory=T`: the problem a territory of a nightly run planned
 * (build's whole problem with optimize's routes), ready to open in a sandbox or to evaluate.
 */
export function nightPlanRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const runs = new PipelineRunStore(ctx.pool);
  resource(app, '/v1/platform/runs/:runId/plan', {
    GET: {
      doc: {
        operationId: 'get_pipeline_run_plan',
        tags: ['platform'],
        parameters: [pathParameter('runId', 'The run.'), query('territory', { type: 'string' }, true, 'A territory of the run.')],
        responses: {
          '200': okResponse("The territory's planned problem (build's problem with optimize's routes), without calculated values.", {
            $ref: '#/components/schemas/problem',
          }),
          '404': errorResponse('not_found_error: no such run, territory, or plan.'),
          default: errorResponse('Any other error.'),
        },
      },
      handler: async (request) => {
        const { runId } = request.params as { runId: string };
        const { territory } = request.query as { territory?: string };
        const account = request.identity!.account;
        const run = await runs.get(account, runId);
        if (!run) throw new ApiError(404, 'not_found_error', `No run ${runId}.`);
        const record = run.territories.find((t) => t.territory === territory);
        if (!record) throw new ApiError(404, 'not_found_error', `Run ${runId} has no territory ${territory ?? '(none given)'}.`);
        const night = { account, connection: run.connection, territory: record.territory, planDate: run.planDate, days: run.days };
        const built = await latestStepOutput<{ resultRef: string }>(ctx.pool, night, 'build');
        const optimized = await latestStepOutput<{ resultRef: string }>(ctx.pool, night, 'optimize');
        if (record.status !== 'completed' || !built || !optimized) {
          throw new ApiError(404, 'not_found_error', `Territory ${record.territory} of run ${runId} has no plan (${record.status}).`);
        }
        const problem = await getPayload<Json>(ctx.pool, account, built.resultRef);
        const plan = await getPayload<Json>(ctx.pool, account, optimized.resultRef);
        return withoutCalculatedValues(plannedProblem(withoutCalculatedValues(problem), plan));
      },
    },
  });
}
