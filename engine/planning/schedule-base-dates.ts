import { formatDate } from '../../model/formats/date.js';
import type { ResolvedJob, ResolvedProblem, ResolvedRoute, ResolvedSchedule } from '../../model/resolve.js';
import type { ProblemResponse, ScheduleResponse } from '../../model/types/responses.js';
import type { ViolationType } from '../../model/types/violation.js';
import { chooseBaseDates } from '../calendar/choose-base-dates.js';
import { jobRouteViolations } from '../evaluate/job-rules.js';
import { routeStaticViolations } from '../evaluate/route-rules.js';
import { routeSettings } from '../evaluate/route-settings.js';
import { scheduleEarliestDate } from '../evaluate/schedule-dates.js';

const DATE_RULES: ReadonlySet<ViolationType> = new Set(['job_missed_date_window', 'job_delivered_on_disallowed_day']);

export interface ScheduledProblem {
  /** The problem with the chosen base dates set on its schedules: plan and evaluate this one. */
  problem: ResolvedProblem;
  /** The schedules (of `problem`) whose base date this solve chose. */
  chosen: ResolvedSchedule[];
}

/** What restricts a job's routes apart from its dates, so jobs of one template are checked once. */
function restrictionKey(problem: ResolvedProblem, job: ResolvedJob): string {
  return JSON.stringify([
    job.required_route_attributes,
    job.disallowed_route_attributes,
    job.required_driver_attributes,
    job.disallowed_driver_attributes,
    job.required_vehicle_attributes,
    job.required_driver?.id,
    job.forbidden_drivers?.map((driver) => driver.id),
    job.required_pre_job_depot_attributes,
    job.required_post_job_depot_attributes,
    problem.zones.length > 0 ? job.location?.location : undefined,
  ]);
}

/** Per job, the dated routes' days on which some route may serve it, its dates aside. */
function eligibleDaysOf(problem: ResolvedProblem, routes: readonly ResolvedRoute[]): (job: ResolvedJob) => ReadonlySet<number> {
  const dated = routes.flatMap((route) => {
    const settings = routeSettings(problem, route);
    return route.date !== undefined && routeStaticViolations(problem, route, settings, {}).length === 0
      ? [{ route, settings, date: route.date }]
      : [];
  });
  const byKey = new Map<string, Set<number>>();
  return (job) => {
    const key = restrictionKey(problem, job);
    let days = byKey.get(key);
    if (days === undefined) {
      days = new Set();
      for (const { route, settings, date } of dated) {
        if (days.has(date)) continue;
        if (jobRouteViolations(problem, job, route, settings, {}).every((v) => DATE_RULES.has(v.type))) days.add(date);
      }
      byKey.set(key, days);
    }
    return days;
  };
}

/**
 * Chooses base dates for the schedules that have none and list jobs, by the
 * routes jobs may use; `currentDays` (optimize) favours dates that keep routed jobs where they
 * are. Without such schedules the problem comes back as it is.
 */
export function withChosenBaseDates(
  problem: ResolvedProblem,
  routes: readonly ResolvedRoute[],
  currentDays?: ReadonlyMap<ResolvedJob, number>,
): ScheduledProblem {
  const open = problem.schedules.flatMap((schedule) => {
    const earliestDate = scheduleEarliestDate(problem, schedule);
    return schedule.base_date === undefined && earliestDate !== undefined && schedule.jobs.some((job) => job !== null)
      ? [{ schedule, earliestDate }]
      : [];
  });
  if (open.length === 0) return { problem, chosen: [] };
  const routesPerDay = new Map<number, number>();
  for (const route of routes) if (route.date !== undefined) routesPerDay.set(route.date, (routesPerDay.get(route.date) ?? 0) + 1);
  const dates = chooseBaseDates({
    schedules: open,
    eligibleDays: eligibleDaysOf(problem, routes),
    routesPerDay,
    frontLoading: problem.settings.enable_front_loading === true,
    ...(currentDays !== undefined ? { currentDay: (job: ResolvedJob) => currentDays.get(job) } : {}),
  });
  const replaced = new Map<ResolvedSchedule, ResolvedSchedule>();
  for (const [schedule, baseDate] of dates) replaced.set(schedule, { ...schedule, base_date: baseDate });
  const schedules = problem.schedules.map((schedule) => replaced.get(schedule) ?? schedule);
  return {
    problem: { ...problem, schedules, schedulesById: new Map(schedules.map((schedule) => [schedule.id, schedule])) },
    chosen: [...replaced.values()],
  };
}

/** The response with `schedules`: each chosen base date whose schedule has a routed job. */
export function withScheduleResponses(response: ProblemResponse, chosen: readonly ResolvedSchedule[]): ProblemResponse {
  const unrouted = new Set(response.unrouted_jobs.map((job) => job.id));
  const reported: ScheduleResponse[] = chosen
    .filter((schedule) => schedule.jobs.some((job) => job !== null && !unrouted.has(job.id)))
    .map((schedule) => ({
      id: schedule.id,
      ...(schedule.name !== undefined ? { name: schedule.name } : {}),
      base_date: formatDate(schedule.base_date!),
    }));
  return reported.length === 0 ? response : { ...response, schedules: reported };
}
