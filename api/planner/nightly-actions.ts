import { WorkflowExecutionAlreadyStartedError } from '@temporalio/client';
import { defaultPayloadConverter, type Payload } from '@temporalio/common';
import type { FastifyInstance } from 'fastify';
import { randomId } from '../../store/ids.js';
import { PipelineRunStore } from '../../store/pipeline-runs.js';
import { workflowTypes, type NightlyPlanInput, type Workflows } from '../../workflows/contract.js';
import type { ApiContext } from '../context.js';
import { ApiError, ValidationFailedError } from '../errors.js';
import { COMMON_ERRORS, errorResponse, okResponse, pathParameter } from '../openapi/describe.js';
import { resource } from '../resource.js';

/**
 * `POST /v1/platform/runs/{id}/retry`: the same night again with the run's own settings (solver,
 * geocoding, territories). Finished steps whose inputs did not change are reused, so what runs
 * again is what failed: a geocoding batch's failed addresses, a failed sync.
 * `GET /v1/platform/schedules`: the account's nightly schedules with their next run.
 */
export function nightlyActionRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const runs = new PipelineRunStore(ctx.pool);
  const schedulePrefix = `${ctx.config.taskQueues.io}-nightly:`;

  resource(app, '/v1/platform/runs/:runId/retry', {
    POST: {
      doc: {
        operationId: 'retry_pipeline_run',
        tags: ['platform'],
        parameters: [pathParameter('runId', 'A finished run.')],
        responses: {
          '200': okResponse('The new run.', {
            type: 'object',
            required: ['run_id', 'workflow_id', 'plan_date'],
            properties: { run_id: { type: 'string' }, workflow_id: { type: 'string' }, plan_date: { type: 'string' } },
          }),
          '404': errorResponse('not_found_error: no such run, or its settings are no longer kept.'),
          ...COMMON_ERRORS,
        },
      },
      // A night pulls every customer address of its territories and syncs to the fleet platform.
      role: 'owner',
      handler: async (request) => {
        const { runId } = request.params as { runId: string };
        const account = request.identity!.account;
        const run = await runs.get(account, runId);
        if (!run) throw new ApiError(404, 'not_found_error', `No run ${runId}.`);
        if (run.status === 'running') {
          throw new ValidationFailedError([
            { property: 'run_id', code: 'value_out_of_range_error', message: `Run ${runId} is still running.`, attempted_value: runId },
          ]);
        }
        const history = await ctx.temporal.workflow.getHandle(run.workflowId).fetchHistory();
        const payload = history.events?.[0]?.workflowExecutionStartedEventAttributes?.input?.payloads?.[0];
        if (!payload)
          throw new ApiError(
            404,
            'not_found_error',
            `The settings of run ${runId} are no longer kept; start the night with \`wayplan run nightly\`.`,
          );
        const { planOffsetDays: _offset, ...started } = defaultPayloadConverter.fromPayload<NightlyPlanInput>(payload as Payload);
        const input: NightlyPlanInput = { ...started, date: run.planDate, runId: randomId(9), trigger: 'manual' };
        // The id the CLI gives a night's run: one run per night and connection at a time.
        const workflowId = `nightly:${account}:${run.connection}:${run.planDate}`;
        try {
          await ctx.temporal.workflow.start<Workflows['nightlyPlan']>(workflowTypes.nightlyPlan, {
            workflowId,
            taskQueue: ctx.config.taskQueues.io,
            args: [input],
          });
        } catch (err) {
          if (!(err instanceof WorkflowExecutionAlreadyStartedError)) throw err;
          throw new ValidationFailedError([
            {
              property: 'run_id',
              code: 'value_out_of_range_error',
              message: `A run of ${run.planDate} on ${run.connection} is already running.`,
              attempted_value: runId,
            },
          ]);
        }
        // The workflow records the run too (the same row, written once): recorded here as well, the
        // run can be read as soon as this answer arrives.
        await runs.create({
          id: input.runId!,
          account,
          connection: run.connection,
          workflowId,
          planDate: run.planDate,
          days: input.days,
          requestedTerritories: input.territories,
          trigger: 'manual',
        });
        return { run_id: input.runId, workflow_id: workflowId, plan_date: run.planDate };
      },
    },
  });

  resource(app, '/v1/platform/schedules', {
    GET: {
      doc: {
        operationId: 'list_pipeline_schedules',
        tags: ['platform'],
        responses: {
          '200': okResponse("The account's nightly schedules with their next run.", {
            type: 'object',
            required: ['schedules'],
            properties: { schedules: { type: 'array', items: { type: 'object', required: ['connection', 'timezone', 'paused'] } } },
          }),
          default: errorResponse('Any other error.'),
        },
      },
      handler: async (request) => {
        const own = `${schedulePrefix}${request.identity!.account}:`;
        const schedules = [];
        for await (const summary of ctx.temporal.schedule.list()) {
          if (!summary.scheduleId.startsWith(own)) continue;
          const description = await ctx.temporal.schedule.getHandle(summary.scheduleId).describe();
          const calendar = description.spec.calendars?.[0];
          const input =
            description.action.type === 'startWorkflow' ? (description.action.args?.[0] as NightlyPlanInput | undefined) : undefined;
          schedules.push({
            connection: summary.scheduleId.slice(own.length),
            at: calendar
              ? `${String(calendar.hour[0]?.start ?? 0).padStart(2, '0')}:${String(calendar.minute[0]?.start ?? 0).padStart(2, '0')}`
              : null,
            timezone: description.spec.timezone ?? 'UTC',
            days: input?.days ?? null,
            territories: input?.territories ?? null,
            paused: description.state.paused,
            next_run: description.info.nextActionTimes[0]?.toISOString() ?? null,
            last_run: description.info.recentActions.at(-1)?.takenAt.toISOString() ?? null,
          });
        }
        return { schedules };
      },
    },
  });
}
