import { Type, type Static } from '@sinclair/typebox';
import { Custom, Id, Polygon } from './common.js';
import { Driver } from './fleet.js';
import { Job } from './job.js';
import { Route } from './route.js';
import { ScheduleInstantiateResponse } from './responses.js';
import { VARIANCE_KINDS } from './schedule.js';
import { StringEnum } from './schema.js';

/** A moment in UTC, ISO 8601 with milliseconds and `Z` (task and sandbox times, the "timestamp" type). */
export const Timestamp = Type.String({
  $id: 'timestamp',
  pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}(\\.\\d{1,7})?Z$',
  description: 'UTC, ISO 8601 with Z.',
});

/** What a running task last reported (engine/progress.ts); geocode batches report their own counts. */
export const OperationProgress = Type.Object(
  {
    phase: Type.Optional(Type.String()),
    best_cost: Type.Optional(Type.Number()),
    elapsed_seconds: Type.Optional(Type.Number()),
    routes_done: Type.Optional(Type.Integer()),
    routes_total: Type.Optional(Type.Integer()),
  },
  { $id: 'task_progress', additionalProperties: true },
);

export const TaskRedirectResponse = Type.Object(
  {
    task_id: Type.String(),
    started_time: Timestamp,
    wait_url: Type.String({ description: 'Relative: tasks/{id}/result?wait=1' }),
    status_url: Type.String({ description: 'Relative: tasks/{id}' }),
  },
  { $id: 'task_redirect_response' },
);

export const TASK_STATUSES = ['running', 'completed', 'failed', 'canceled'] as const;

export const TaskStatusResponse = Type.Object(
  {
    task_id: Type.String(),
    id: Type.String({ description: 'The task id again, under the name the completed-status example of the compatible API uses.' }),
    status: StringEnum(TASK_STATUSES),
    operation: Type.String(),
    started_time: Timestamp,
    started_at: Timestamp,
    last_status_time: Timestamp,
    finished_time: Type.Optional(Timestamp),
    finished_at: Type.Optional(Timestamp),
    progress: Type.Optional(OperationProgress),
  },
  { $id: 'task_status_response' },
);

export const TaskCancelResponse = Type.Object({ task_id: Type.String(), message: Type.String() }, { $id: 'task_cancel_response' });

export const ValidationError = Type.Object(
  {
    property: Type.Optional(
      Type.String({
        description:
          'Dotted path such as request.jobs[0].location; absent when the body is not JSON at all (line and position say where it broke).',
      }),
    ),
    code: Type.String({ description: 'One of the validation codes (VALIDATION_CODES.md).' }),
    message: Type.String(),
    parameters: Type.Optional(Type.Record(Type.String(), Type.Unknown())),
    attempted_value: Type.Optional(Type.Unknown()),
    line: Type.Optional(Type.Integer()),
    position: Type.Optional(Type.Integer()),
  },
  { $id: 'validation_error' },
);

export const ErrorResponse = Type.Object(
  {
    status_code: Type.Integer(),
    error_code: Type.String(),
    message: Type.String(),
    errors: Type.Optional(Type.Array(ValidationError)),
    extra_error_information: Type.Optional(
      Type.Object({ validation_failures_count: Type.Optional(Type.Integer()) }, { additionalProperties: true }),
    ),
  },
  { $id: 'error_response' },
);

/**
 * An error_response body, the one way every layer writes it (API, operations, activities,
 * geocoding): with validation faults it lists them and counts them all (`total`, when the list is
 * cut short).
 */
export function errorResponse(
  statusCode: number,
  errorCode: string,
  message: string,
  errors?: ValidationError[],
  total = errors?.length,
): ErrorResponse {
  return {
    status_code: statusCode,
    error_code: errorCode,
    message,
    ...(errors ? { errors, extra_error_information: { validation_failures_count: total } } : {}),
  };
}

export const ValidateResponse = Type.Object({ valid: Type.Boolean(), errors: Type.Array(ValidationError) }, { $id: 'validate_response' });

export const VersionResponse = Type.Object(
  {
    service_version: Type.String(),
    api_version: Type.String({ description: 'The path prefix: v1.' }),
    engine_version: Type.String(),
    temporal_sdk_version: Type.String(),
  },
  { $id: 'version_response' },
);

export const InstantiateResponse = Type.Object(
  {
    custom: Type.Optional(Custom),
    jobs: Type.Array(Job, { description: 'Only the jobs this call created.' }),
    routes: Type.Array(Route, { description: 'Only the new empty routes.' }),
    schedules: Type.Array(ScheduleInstantiateResponse),
  },
  { $id: 'instantiate_response' },
);

export const ZoneBalance = Type.Object(
  {
    variance_kind: StringEnum(VARIANCE_KINDS),
    value: Type.Number({
      description: "The zone's amount of the balanced quantity: stops, markers, minutes on site, or units of the metric.",
    }),
    mean: Type.Number({ description: 'The mean over the zones, in the same unit.' }),
    deviation: Type.Number({ description: 'value − mean.' }),
    within_variance: Type.Boolean({ description: '|deviation| is at most the requested variance (true when none was given).' }),
  },
  { $id: 'zone_balance', description: 'How well the zones operation balanced this zone (our own field).' },
);

export const GeneratedZone = Type.Object(
  {
    id: Id,
    boundary: Polygon,
    stop_count: Type.Optional(Type.Integer({ description: 'Jobs inside (our own field).' })),
    marker_count: Type.Optional(Type.Integer({ description: 'Markers inside (our own field).' })),
    balance: Type.Optional(ZoneBalance),
  },
  { $id: 'generated_zone', description: 'A zone made by the zones operation (no drivers assigned).' },
);

export const CentroidsResponse = Type.Object(
  {
    drivers: Type.Array(Driver, {
      description:
        'The request drivers, each with `centroid` set to a "lat,lon" near the jobs it may serve (unchanged when it may serve none).',
    }),
  },
  { $id: 'centroids_response' },
);

export const LoginRequest = Type.Object(
  {
    username: Type.String({ description: 'account:user' }),
    password: Type.String(),
    application: Type.String({ description: '"session" requests a session.' }),
  },
  { $id: 'login_request' },
);

export const LoginResponse = Type.Object({ success: Type.Boolean(), sessionId: Type.Optional(Type.String()) }, { $id: 'login_response' });

export type ValidationError = Static<typeof ValidationError>;
export type ErrorResponse = Static<typeof ErrorResponse>;
export type ValidateResponse = Static<typeof ValidateResponse>;
export type TaskRedirectResponse = Static<typeof TaskRedirectResponse>;
export type TaskStatusResponse = Static<typeof TaskStatusResponse>;
export type InstantiateResponse = Static<typeof InstantiateResponse>;
