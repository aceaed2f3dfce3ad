import { Type, type TObject } from '@sinclair/typebox';
import { GeocodeRequest, PathRequest, ReverseGeocodeRequest } from './types/geo-requests.js';
import { JobReference } from './types/job.js';
import { ProblemFields } from './types/problem.js';
import { Route } from './types/route.js';
import { Variance } from './types/schedule.js';

const AllowHardConstraintViolations = Type.Optional(Type.Boolean({ description: 'Default false.' }));

const RecommendRequest = Type.Object(
  {
    ...ProblemFields,
    job: JobReference,
    max_results: Type.Optional(Type.Integer({ minimum: -1, description: 'Default 10; -1 = all.' })),
    allow_hard_constraint_violations: AllowHardConstraintViolations,
  },
  { $id: 'recommend_request' },
);

/** More jobs_to_insert than this answers 400 too_many_jobs_to_insert_error (a rebuild is the better tool). */
export const MAX_JOBS_TO_INSERT = 1000;

const InsertRequest = Type.Object(
  {
    ...ProblemFields,
    jobs_to_insert: Type.Array(JobReference, {
      description: `At most ${MAX_JOBS_TO_INSERT} jobs, else 400 too_many_jobs_to_insert_error.`,
    }),
    allow_hard_constraint_violations: AllowHardConstraintViolations,
  },
  { $id: 'insert_request' },
);

const ZoneRequest = Type.Object(
  {
    ...ProblemFields,
    zone_count: Type.Integer({ minimum: 1, maximum: 1000 }),
    variance: Type.Optional(Variance),
  },
  { $id: 'zone_request' },
);

const ConsolidateByRouteAssignmentsRequest = Type.Object(
  { ...ProblemFields, routes: Type.Array(Route) },
  { $id: 'consolidate_by_route_assignments_request' },
);

function problemRequest(id: string): TObject {
  return Type.Object(ProblemFields, { $id: id });
}

export interface OperationDefinition {
  /** Schema of the request body. */
  body: TObject;
  /** Problem-shaped bodies get the reference, id and semantic rules; geocode/path bodies only schema checks. */
  problem: boolean;
  /** Jobs must have a location and routes consistent dates: the operation computes routes. */
  routing: boolean;
  /** instantiate turns schedules into jobs, which needs schedule.earliest_date. */
  instantiates: boolean;
}

function problemOperation(id: string, routing: boolean): OperationDefinition {
  return { body: problemRequest(id), problem: true, routing, instantiates: false };
}

export const OPERATIONS = {
  build: problemOperation('build_request', true),
  optimize: problemOperation('optimize_request', true),
  sequence: problemOperation('sequence_request', true),
  evaluate: problemOperation('evaluate_request', true),
  assignment_restrictions: problemOperation('assignment_restrictions_request', true),
  centroids: problemOperation('centroids_request', true),
  consolidate_by_job_restrictions: problemOperation('consolidate_by_job_restrictions_request', true),
  consolidate_by_route_assignments: { body: ConsolidateByRouteAssignmentsRequest, problem: true, routing: true, instantiates: false },
  recommend: { body: RecommendRequest, problem: true, routing: true, instantiates: false },
  insert: { body: InsertRequest, problem: true, routing: true, instantiates: false },
  zones: { body: ZoneRequest, problem: true, routing: true, instantiates: false },
  instantiate: { body: problemRequest('instantiate_request'), problem: true, routing: false, instantiates: true },
  route_cards: problemOperation('route_cards_request', false),
  // Stored sandboxes may hold unfinished problems, so canonicalize checks structure and references only.
  canonicalize: problemOperation('canonicalize_request', false),
  validate: problemOperation('validate_request', true),
  path: { body: PathRequest, problem: false, routing: false, instantiates: false },
  geocode: { body: GeocodeRequest, problem: false, routing: false, instantiates: false },
  reverse_geocode: { body: ReverseGeocodeRequest, problem: false, routing: false, instantiates: false },
} satisfies Record<string, OperationDefinition>;

export type OperationName = keyof typeof OPERATIONS;

export function isOperationName(name: string): name is OperationName {
  return Object.prototype.hasOwnProperty.call(OPERATIONS, name);
}
