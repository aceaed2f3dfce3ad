import { canonicalize } from '../../model/canonical.js';
import { echoRequest } from '../../model/echo.js';
import type { ResolvedProblem } from '../../model/resolve.js';
import type { InstantiateResponse } from '../../model/types/meta.js';
import { entityIds, IdAllocator } from './id-allocator.js';
import { instantiateJobs, scheduleResponse, type InstantiatedJobs, type ScheduleInstantiateResponse } from './instantiate-jobs.js';
import { instantiateRoutes } from './instantiate-routes.js';

type JsonObject = Record<string, unknown>;

export interface InstantiateOptions {
  /** First day of the window, as a day number. */
  startDate: number;
  /** Days in the window, at least 1. */
  numDays: number;
  /** Make routes from shift patterns and overrides. */
  generateRoutes: boolean;
  /** Make jobs from schedules. */
  generateJobs: boolean;
}

/** `schedule.jobs` with the new jobs at their ordinals; the gaps stay null (not instantiated). */
function jobsByOrdinal(requestSchedule: JsonObject, made: ScheduleInstantiateResponse | undefined): unknown[] | undefined {
  const existing = requestSchedule.jobs as unknown[] | undefined;
  if (made === undefined || made.jobs.length === 0) return existing;
  const jobs = [...(existing ?? [])];
  for (const { job, ordinal } of made.jobs) {
    while (jobs.length <= ordinal) jobs.push(null);
    jobs[ordinal] = job;
  }
  return jobs;
}

/**
 * The request problem with the new routes and jobs appended and every new job set at its ordinal
 * of its schedule, so instantiating the result again over the same days makes nothing.
 */
function mergedRequest(canonicalRequest: JsonObject, routes: JsonObject[], made: InstantiatedJobs): JsonObject {
  const merged: JsonObject = { ...canonicalRequest };
  if (routes.length > 0) merged.routes = [...((canonicalRequest.routes as JsonObject[] | undefined) ?? []), ...routes];
  if (made.jobs.length > 0) merged.jobs = [...((canonicalRequest.jobs as JsonObject[] | undefined) ?? []), ...made.jobs];
  const madeBySchedule = new Map(made.schedules.map((schedule) => [schedule.id, schedule]));
  const schedules = canonicalRequest.schedules as JsonObject[] | undefined;
  if (schedules !== undefined) {
    merged.schedules = schedules.map((schedule) => {
      const jobs = jobsByOrdinal(schedule, madeBySchedule.get(schedule.id as string));
      return jobs === undefined ? schedule : { ...schedule, jobs };
    });
  }
  // Canonical key order, whatever collections were added.
  return echoRequest(merged, 'instantiate');
}

/**
 * `POST /v1/instantiate`: the empty routes that the drivers' shift patterns and
 * overrides call for and the jobs that the schedules call for, over the days
 * `[startDate, startDate + numDays)`, leaving out what the request already has. Ids are
 * `<driver>_<YYYY-MM-DD>_<shift>` and `<schedule>_<ordinal>`, with `#2`, `#3`, ... appended when
 * the request already uses one. Answers the instantiate_response, or with return_request the
 * whole (canonical) request with everything merged in.
 */
export function instantiate(problem: ResolvedProblem, request: unknown, options: InstantiateOptions): InstantiateResponse | JsonObject {
  const canonicalRequest = canonicalize(request as JsonObject, 'instantiate');
  const ids = new IdAllocator(entityIds(canonicalRequest));
  const window = { start: options.startDate, end: options.startDate + options.numDays - 1 };
  const routes = options.generateRoutes ? instantiateRoutes(problem, canonicalRequest, window, ids) : [];
  const made: InstantiatedJobs = options.generateJobs
    ? instantiateJobs(problem.schedules, canonicalRequest, window, ids)
    : { jobs: [], schedules: problem.schedules.map((schedule) => scheduleResponse(schedule, [])) };
  if (problem.return_request) return mergedRequest(canonicalRequest, routes, made);
  return {
    ...(problem.custom !== undefined ? { custom: problem.custom } : {}),
    jobs: made.jobs as InstantiateResponse['jobs'],
    routes: routes as InstantiateResponse['routes'],
    schedules: made.schedules,
  };
}
