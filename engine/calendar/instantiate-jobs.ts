import { formatDate } from '../../model/formats/date.js';
import type { ResolvedSchedule } from '../../model/resolve.js';
import type { InstantiateResponse } from '../../model/types/meta.js';
import type { DayRange } from './day-range.js';
import type { IdAllocator } from './id-allocator.js';
import { instancesAnchoredIn, type ScheduleInstance } from './schedule-instances.js';
import { recurrenceOf } from './schedule-recurrence.js';

type JsonObject = Record<string, unknown>;
export type ScheduleInstantiateResponse = InstantiateResponse['schedules'][number];

export interface InstantiatedJobs {
  jobs: JsonObject[];
  schedules: ScheduleInstantiateResponse[];
}

/** The response entry of a schedule, listing the jobs made from it. */
export function scheduleResponse(schedule: ResolvedSchedule, jobs: ScheduleInstantiateResponse['jobs']): ScheduleInstantiateResponse {
  return {
    id: schedule.id,
    ...(schedule.name !== undefined ? { name: schedule.name } : {}),
    ...(schedule.custom !== undefined ? { custom: schedule.custom } : {}),
    jobs,
  };
}

/**
 * A job of a schedule: the job_template's fields as written in the request, with the schedule's
 * custom fields over the template's. No date field: a schedule's jobs take their dates from the
 * schedule (validation refuses date fields on them), so the response carries them instead.
 */
function newJob(requestSchedule: JsonObject, ordinal: number, ids: IdAllocator): JsonObject {
  const template = (requestSchedule.job_template as JsonObject | undefined) ?? {};
  const job: JsonObject = { id: ids.allocate(`${requestSchedule.id as string}_${ordinal}`), ...structuredClone(template) };
  const scheduleCustom = requestSchedule.custom as Record<string, string> | undefined;
  if (scheduleCustom !== undefined) job.custom = { ...(template.custom as Record<string, string> | undefined), ...scheduleCustom };
  return job;
}

function isPending(schedule: ResolvedSchedule, skipped: Set<number>, instance: ScheduleInstance): boolean {
  return !skipped.has(instance.ordinal) && (schedule.jobs[instance.ordinal] ?? null) === null;
}

/**
 * For every schedule, one new job per ordinal anchored in the window (RECURRENCE.md) that has no
 * job yet in `schedule.jobs` and is not listed in `job_overrides`; schedules and ordinals in order.
 */
export function instantiateJobs(
  schedules: readonly ResolvedSchedule[],
  canonicalRequest: JsonObject,
  window: DayRange,
  ids: IdAllocator,
): InstantiatedJobs {
  const requestSchedules = new Map<string, JsonObject>(
    ((canonicalRequest.schedules as JsonObject[] | undefined) ?? []).map((schedule) => [schedule.id as string, schedule]),
  );
  const jobs: JsonObject[] = [];
  const responses = schedules.map((schedule) => {
    if (schedule.earliest_date === undefined)
      throw new Error(`instantiate: schedule "${schedule.id}" has no earliest_date; validation requires it`);
    const skipped = new Set((schedule.job_overrides ?? []).map((override) => override.ordinal));
    const pending = instancesAnchoredIn(recurrenceOf(schedule, schedule.earliest_date), window).filter((instance) =>
      isPending(schedule, skipped, instance),
    );
    return scheduleResponse(
      schedule,
      pending.map((instance) => {
        const job = newJob(requestSchedules.get(schedule.id)!, instance.ordinal, ids);
        jobs.push(job);
        return {
          job: job.id as string,
          ordinal: instance.ordinal,
          ...(instance.targetDate !== undefined ? { target_date: formatDate(instance.targetDate) } : {}),
          target_date_range: { start: formatDate(instance.targetDateRange.start), end: formatDate(instance.targetDateRange.end) },
        };
      }),
    );
  });
  return { jobs, schedules: responses };
}
