import { dayOfWeek } from '../../model/formats/date.js';
import type { ResolvedJob, ResolvedSchedule } from '../../model/resolve.js';
import { daysOf } from './day-range.js';
import { ordinalSlotDays, recurrenceOf } from './schedule-recurrence.js';
import { scheduleInstance } from './schedule-instances.js';

export interface BaseDateChoice {
  /** Schedules without a base date, each with its earliest date; only their listed jobs count. */
  schedules: readonly { schedule: ResolvedSchedule; earliestDate: number }[];
  /** The days on which some route could serve the job, its dates aside. */
  eligibleDays: (job: ResolvedJob) => ReadonlySet<number>;
  /** Routes per day: how much a day can take. */
  routesPerDay: ReadonlyMap<number, number>;
  /** `settings.enable_front_loading`: visits as early as their ranges allow, before an even spread. */
  frontLoading: boolean;
  /** Where a job is now (optimize): base dates that keep jobs where they are come first. */
  currentDay?: (job: ResolvedJob) => number | undefined;
}

interface Candidate {
  baseDate: number;
  /** Per listed job, the days it could land on under this base date (empty: none). */
  days: number[][];
  kept: number;
  served: number;
  earliness: number;
  crowding: number;
}

function listedJobs(schedule: ResolvedSchedule): { job: ResolvedJob; ordinal: number }[] {
  return schedule.jobs.flatMap((job, ordinal) => (job === null ? [] : [{ job, ordinal }]));
}

/** Lexicographic: jobs kept where they are, jobs that can be served, then spread or earliness (front loading), then the other. */
function better(a: Candidate, b: Candidate, frontLoading: boolean): boolean {
  if (a.kept !== b.kept) return a.kept > b.kept;
  if (a.served !== b.served) return a.served > b.served;
  const [first, second]: [keyof Candidate, keyof Candidate] = frontLoading ? ['earliness', 'crowding'] : ['crowding', 'earliness'];
  if (a[first] !== b[first]) return a[first] < b[first];
  return a[second] < b[second];
}

/**
 * Base dates for schedules that have none (the optimizer picks it; every ordinal
 * moves with it). The candidates are the days of the first listed ordinal's slot: each puts that
 * ordinal's target on itself, and every other ordinal in step. A candidate is judged by its jobs'
 * possible days (target range, allowed days of the week, days some route may take the job): first
 * the most jobs that keep their current day (optimize), then the most jobs with a possible day,
 * then the least crowded days (routes per day against the visits already given to them), or with
 * front loading the earliest days first. Schedules with the fewest candidates choose first; each
 * choice books its visits on their least crowded (front loading: earliest) possible day.
 */
export function chooseBaseDates(choice: BaseDateChoice): Map<ResolvedSchedule, number> {
  const booked = new Map<number, number>();
  const crowding = (day: number): number => ((booked.get(day) ?? 0) + 1) / (choice.routesPerDay.get(day) ?? 0);
  const prepared = choice.schedules
    .map(({ schedule, earliestDate }) => {
      const jobs = listedJobs(schedule);
      const unpinned = recurrenceOf({ ...schedule, base_date: undefined }, earliestDate);
      const slot = jobs.length === 0 ? undefined : ordinalSlotDays(unpinned, jobs[0]!.ordinal);
      const days = slot === undefined ? [] : daysOf(slot);
      const onOrAfter = days.filter((day) => day >= earliestDate);
      return { schedule, earliestDate, jobs, candidates: onOrAfter.length > 0 ? onOrAfter : days };
    })
    .filter((entry) => entry.candidates.length > 0);
  prepared.sort((a, b) => a.candidates.length - b.candidates.length || b.jobs.length - a.jobs.length);

  const chosen = new Map<ResolvedSchedule, number>();
  for (const { schedule, earliestDate, jobs, candidates } of prepared) {
    let best: Candidate | undefined;
    for (const baseDate of candidates) {
      const recurrence = recurrenceOf({ ...schedule, base_date: baseDate }, earliestDate);
      const candidate: Candidate = { baseDate, days: [], kept: 0, served: 0, earliness: 0, crowding: 0 };
      for (const { job, ordinal } of jobs) {
        const instance = scheduleInstance(recurrence, ordinal);
        const eligible = choice.eligibleDays(job);
        const allowed = recurrence.allowedDaysOfWeek;
        const days =
          instance === undefined
            ? []
            : daysOf(instance.targetDateRange).filter((day) => eligible.has(day) && (allowed === null || allowed.includes(dayOfWeek(day))));
        candidate.days.push(days);
        if (days.length === 0) continue;
        candidate.served++;
        const current = choice.currentDay?.(job);
        if (current !== undefined && days.includes(current)) candidate.kept++;
        candidate.earliness += days[0]!;
        candidate.crowding += Math.min(...days.map(crowding));
      }
      if (best === undefined || better(candidate, best, choice.frontLoading)) best = candidate;
    }
    chosen.set(schedule, best!.baseDate);
    for (const days of best!.days) {
      if (days.length === 0) continue;
      const day = choice.frontLoading ? days[0]! : days.reduce((a, b) => (crowding(b) < crowding(a) ? b : a));
      booked.set(day, (booked.get(day) ?? 0) + 1);
    }
  }
  return chosen;
}
