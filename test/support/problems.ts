import { seededRandom } from '../../engine/planning/search-budget.js';

export { seededRandom };

export interface SequenceFixture {
  routes: { id: string; location: string; start_time: string; jobs: { id: string; location: string; time_on_site: string }[] }[];
  settings?: Record<string, unknown>;
}

/**
 * Routes of jobs scattered around Seattle, listed in a poor (random) order, for sequence.
 * `timeLimit` makes the search use that budget, which is how tests get a task that runs a while.
 */
export function sequenceProblem(
  jobsPerRoute: number,
  options: { routes?: number; seed?: number; timeLimit?: string } = {},
): SequenceFixture {
  const random = seededRandom(options.seed ?? 1);
  const routes = [];
  for (let r = 0; r < (options.routes ?? 1); r++) {
    const jobs = [];
    for (let j = 0; j < jobsPerRoute; j++) {
      const lat = 47.5 + random() * 0.2;
      const lon = -122.45 + random() * 0.25;
      jobs.push({ id: `r${r + 1}-job-${j + 1}`, location: `${lat.toFixed(6)}, ${lon.toFixed(6)}`, time_on_site: '00:05' });
    }
    routes.push({ id: `route-${r + 1}`, location: '47.6062, -122.3321', start_time: '08:00', jobs });
  }
  return { routes, ...(options.timeLimit ? { settings: { time_limit: options.timeLimit } } : {}) };
}

/**
 * A build over `dates`: `jobs` jobs on a grid of 37 × 41 places near Seattle, three minutes on
 * site each, job i allowed on `allowedDates(i)`, and `routesPerDate` routes a date from one depot
 * (08:00–16:00).
 */
export function datedGridProblem(jobs: number, dates: readonly string[], routesPerDate: number, allowedDates: (job: number) => string[]) {
  return {
    jobs: Array.from({ length: jobs }, (_, i) => ({
      id: `j${i}`,
      location: `${(47.6 + (i % 37) * 0.002).toFixed(4)}, ${(-122.3 - (i % 41) * 0.002).toFixed(4)}`,
      time_on_site: '00:03',
      allowed_dates: allowedDates(i),
    })),
    routes: dates.flatMap((date, d) =>
      Array.from({ length: routesPerDate }, (_, r) => ({
        id: `r${d}-${r}`,
        location: '47.6, -122.3',
        start_time: '08:00',
        end_time: '16:00',
        date,
      })),
    ),
  };
}
