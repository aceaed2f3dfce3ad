import type { FastifyInstance } from 'fastify';
import { operations, type InstantiateOptions } from '../../engine/operations/registry.js';
import { MAX_INSTANTIATE_WORK } from '../../model/limits.js';
import { parseDate, resolveProblem, validateRequest } from '../../model/index.js';
import { ValidationFailedError, type ValidationErrorEntry } from '../errors.js';
import { query, ref, syncOperationDoc } from '../openapi/describe.js';
import { resource } from '../resource.js';
import { requireJsonBody } from './operations.js';

/** A synchronous request must stay small: a year of days per call... */
const MAX_NUM_DAYS = 366;
/** ...and a bounded number of visits per period: the schema leaves `frequency` open. */
const MAX_SCHEDULE_FREQUENCY = 1000;

const FLAG_VALUES: Record<string, boolean> = { '0': false, false: false, '1': true, true: true };

type Query = Record<string, unknown>;

function startDate(query: Query, faults: ValidationErrorEntry[]): number | undefined {
  const value = query.start_date;
  if (value === undefined || value === '') {
    faults.push({
      property: 'start_date',
      code: 'required_property_missing_error',
      message: 'The query parameter start_date (YYYY-MM-DD) is required.',
      parameters: { property_name: 'start_date' },
    });
    return undefined;
  }
  const day = typeof value === 'string' ? parseDate(value) : undefined;
  if (day === undefined) {
    faults.push({
      property: 'start_date',
      code: 'invalid_date_error',
      message: 'start_date must be a date YYYY-MM-DD.',
      ...(typeof value === 'string' ? { attempted_value: value } : {}),
    });
  }
  return day;
}

function numDays(query: Query, faults: ValidationErrorEntry[]): number {
  const value = query.num_days;
  if (value === undefined) return 1;
  if (typeof value !== 'string' || !/^\d+$/.test(value)) {
    faults.push({
      property: 'num_days',
      code: 'invalid_type_error',
      message: 'num_days must be a whole number of days.',
      parameters: { expected: ['integer'] },
      ...(typeof value === 'string' ? { attempted_value: value } : {}),
    });
    return 1;
  }
  const days = Number(value);
  if (days < 1 || days > MAX_NUM_DAYS) {
    faults.push({
      property: 'num_days',
      code: 'value_out_of_range_error',
      message: `num_days must be between 1 and ${MAX_NUM_DAYS}.`,
      parameters: { minimum: 1, maximum: MAX_NUM_DAYS },
      attempted_value: days,
    });
  }
  return days;
}

/** `generate_routes` / `generate_jobs`: on unless 0 (or false). */
function flag(query: Query, name: string, faults: ValidationErrorEntry[]): boolean {
  const value = query[name];
  if (value === undefined) return true;
  if (typeof value === 'string' && Object.hasOwn(FLAG_VALUES, value)) return FLAG_VALUES[value]!;
  faults.push({
    property: name,
    code: 'invalid_enum_value_error',
    message: `${name} must be 0 or 1.`,
    parameters: { allowed: Object.keys(FLAG_VALUES) },
    ...(typeof value === 'string' ? { attempted_value: value } : {}),
  });
  return true;
}

function scheduleFrequencies(body: unknown, faults: ValidationErrorEntry[]): void {
  const schedules = (body as { schedules?: unknown }).schedules;
  if (!Array.isArray(schedules)) return;
  schedules.forEach((schedule: { frequency?: unknown } | null, index) => {
    const frequency = schedule?.frequency;
    if (typeof frequency !== 'number' || frequency <= MAX_SCHEDULE_FREQUENCY) return;
    faults.push({
      property: `request.schedules[${index}].frequency`,
      code: 'value_out_of_range_error',
      message: `instantiate makes at most ${MAX_SCHEDULE_FREQUENCY} visits per period.`,
      parameters: { minimum: 1, maximum: MAX_SCHEDULE_FREQUENCY },
      attempted_value: frequency,
    });
  });
}

/**
 * `POST /v1/instantiate?start_date=&num_days=&generate_routes=&generate_jobs=` (synchronous).
 * Faults of the query parameters (property = the parameter's name) and of the body are
 * answered together in one 400.
 */
export function instantiateRoutes(app: FastifyInstance): void {
  resource(app, '/v1/instantiate', {
    POST: {
      doc: {
        ...syncOperationDoc(operations.instantiate.name, { anyOf: [ref('instantiate_response'), ref('problem')] }, [
          query('start_date', ref('date'), true, 'First day.'),
          query('num_days', { type: 'integer', minimum: 1 }, false, 'Default 1.'),
          query('generate_routes', { type: 'integer', enum: [0, 1] }, false, '0: no routes from shift patterns.'),
          query('generate_jobs', { type: 'integer', enum: [0, 1] }, false, '0: no jobs from schedules.'),
        ]),
        tags: ['optimization'],
      },
      handler: async (request) => {
        const body = requireJsonBody(request);
        const query = request.query as Query;
        const faults: ValidationErrorEntry[] = [];
        const start = startDate(query, faults);
        const options: Omit<InstantiateOptions, 'startDate'> = {
          numDays: numDays(query, faults),
          generateRoutes: flag(query, 'generate_routes', faults),
          generateJobs: flag(query, 'generate_jobs', faults),
        };
        faults.push(...validateRequest(body, 'instantiate'));
        scheduleFrequencies(body, faults);
        if (faults.length > 0 || start === undefined) throw new ValidationFailedError(faults);
        const problem = resolveProblem(body, 'instantiate');
        const bound = operations.instantiate.workBound(problem, { ...options, startDate: start });
        if (bound > MAX_INSTANTIATE_WORK) {
          throw new ValidationFailedError([
            {
              property: 'num_days',
              code: 'value_out_of_range_error',
              message: `This request would make or examine up to ${bound} routes and visits; at most ${MAX_INSTANTIATE_WORK} per call: ask for fewer days.`,
              parameters: { maximum: MAX_INSTANTIATE_WORK, work: bound },
            },
          ]);
        }
        return operations.instantiate.run(problem, body, { ...options, startDate: start });
      },
    },
  });
}
