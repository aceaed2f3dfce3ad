import { instantiate } from '../../../engine/calendar/instantiate.js';
import { parseDate, resolveProblem, validateRequest, type InstantiateResponse } from '../../../model/index.js';
import type { ProblemResponse } from '../../../model/types/responses.js';
import { jobsByRoute } from './operation-results.js';

type Body = Record<string, unknown>;

export function day(text: string): number {
  const parsed = parseDate(text);
  if (parsed === undefined) throw new Error(`not a date: ${text}`);
  return parsed;
}

/** A Monday-to-Friday fleet of `drivers` day shifts, from Sunday 2024-03-03, around Seattle. */
export function weekdayFleet(drivers: number, extraDriver: Body = {}): Body {
  return {
    shifts: [{ id: 'day', name: 'Day', start_time: '08:00', end_time: '17:00' }],
    shift_patterns: [{ id: 'week', shifts: [[], ['day'], ['day'], ['day'], ['day'], ['day'], []] }],
    drivers: Array.from({ length: drivers }, (_, i) => ({
      id: `d${i}`,
      location: '47.60, -122.33',
      shift_patterns: [{ shift_pattern: 'week', start_date: '2024-03-03' }],
      ...extraDriver,
    })),
  };
}

/** A spread of job places: the k-th of a deterministic scatter within ~10 km of the depot. */
export function place(k: number): string {
  const lat = 47.6 + 0.08 * Math.sin(k * 2.399);
  const lon = -122.33 + 0.1 * Math.cos(k * 1.731);
  return `${lat.toFixed(4)}, ${lon.toFixed(4)}`;
}

/** Instantiates a body over `numDays` from `start`: the plain response (ordinals and ranges) and the whole request. */
export function instantiated(body: Body, start: string, numDays: number): { made: InstantiateResponse; full: Body } {
  const options = { startDate: day(start), numDays, generateRoutes: true, generateJobs: true };
  expect(validateRequest(body, 'instantiate')).toEqual([]);
  const made = instantiate(resolveProblem(body, 'instantiate'), body, options) as InstantiateResponse;
  const withReturn = { ...body, return_request: true };
  const full = instantiate(resolveProblem(withReturn, 'instantiate'), withReturn, options) as Body;
  delete full.return_request;
  return { made, full };
}

/** The request with each route's jobs in the planned order of a result, and `schedules` given the chosen base dates. */
export function plannedRequest(request: Body, result: ProblemResponse, options: { baseDates: boolean }): Body {
  const orders = jobsByRoute(result);
  const chosen = new Map((result.schedules ?? []).map((schedule) => [schedule.id, schedule.base_date]));
  const routes = (request.routes as Body[]).map((route) => ({ ...route, jobs: orders.get(route.id as string) ?? [] }));
  const schedules = ((request.schedules as Body[] | undefined) ?? []).map((schedule) =>
    options.baseDates && chosen.has(schedule.id as string) ? { ...schedule, base_date: chosen.get(schedule.id as string) } : schedule,
  );
  return { ...request, routes, schedules };
}

/** Route date of every routed job. */
export function routedDates(request: Body, result: ProblemResponse): Map<string, number> {
  const dates = new Map((request.routes as Body[]).map((route) => [route.id as string, day(route.date as string)]));
  const found = new Map<string, number>();
  for (const [route, jobs] of jobsByRoute(result)) for (const job of jobs) found.set(job, dates.get(route)!);
  return found;
}
