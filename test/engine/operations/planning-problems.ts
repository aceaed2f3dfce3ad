import { seededRandom } from '../../support/problems.js';

export interface PlanningProblemOptions {
  jobs: number;
  /** Routes per day. */
  routesPerDay: number;
  days?: number;
  seed?: number;
  /** Job windows (some with a second window). */
  windows?: boolean;
  /** Two capacity metrics (kg, m3) on routes and jobs. */
  capacities?: boolean;
  /** A flexible 30-minute lunch break on every route. */
  breaks?: boolean;
  /** Some jobs need a lift that some routes have. */
  attributes?: boolean;
  /** Jobs start out on routes (in a poor order) instead of top-level. */
  placed?: boolean;
  settings?: Record<string, unknown>;
}

const hhmm = (minutes: number): string =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(Math.round(minutes) % 60).padStart(2, '0')}`;
const date = (day: number): string => `2024-03-${String(4 + day).padStart(2, '0')}`;

/**
 * A build/optimize request: jobs scattered over ~20 km around Seattle with dates over `days`
 * days, routes from one depot each day (08:00–18:00), and the features named in the options.
 */
export function planningProblem(options: PlanningProblemOptions): {
  jobs: (Record<string, unknown> & { id: string })[];
  routes: (Record<string, unknown> & { id: string; jobs: string[] })[];
  settings?: Record<string, unknown>;
} {
  const random = seededRandom(options.seed ?? 1);
  const days = options.days ?? 1;
  const jobs = Array.from({ length: options.jobs }, (_, i) => {
    const lat = 47.52 + random() * 0.18;
    const lon = -122.42 + random() * 0.24;
    const start = 480 + Math.floor(random() * 8) * 60;
    const twoWindows = random() < 0.2;
    const day = Math.floor(random() * days);
    return {
      id: `job-${i}`,
      location: `${lat.toFixed(5)}, ${lon.toFixed(5)}`,
      time_on_site: hhmm(5 + Math.floor(random() * 10)),
      ...(days > 1 ? { date: date(day), ...(random() < 0.3 ? { allowed_variance_after: 1 } : {}) } : {}),
      ...(options.windows
        ? {
            time_window: { start: hhmm(start), end: hhmm(start + 120) },
            ...(twoWindows && start < 840 ? { time_window2: { start: hhmm(start + 240), end: hhmm(start + 300) } } : {}),
          }
        : {}),
      ...(options.capacities
        ? {
            loads: [
              { metric: 'kg', amount: 5 + Math.floor(random() * 40) },
              { metric: 'm3', amount: 1 + Math.floor(random() * 4) },
            ],
          }
        : {}),
      ...(options.attributes && random() < 0.15 ? { required_route_attributes: ['lift'] } : {}),
    };
  });
  const routes: (Record<string, unknown> & { id: string; jobs: string[]; date?: string })[] = [];
  for (let day = 0; day < days; day++) {
    for (let r = 0; r < options.routesPerDay; r++) {
      routes.push({
        id: `route-${day}-${r}`,
        location: '47.6062, -122.3321',
        ...(days > 1 ? { date: date(day) } : {}),
        start_time: '08:00',
        end_time: '18:00',
        ...(options.capacities
          ? {
              load_capacities: [
                { metric: 'kg', amount: 700 },
                { metric: 'm3', amount: 60 },
              ],
            }
          : {}),
        ...(options.breaks
          ? { breaks: [{ id: `lunch-${day}-${r}`, earliest_start: '11:30', latest_start: '13:30', length: '00:30' }] }
          : {}),
        ...(options.attributes && r % 3 === 0 ? { route_attributes: ['lift'] } : {}),
        jobs: [] as string[],
      });
    }
  }
  if (options.placed) {
    jobs.forEach((job, i) => {
      const dayRoutes = routes.filter((route) => route.date === (job as { date?: string }).date);
      dayRoutes[i % dayRoutes.length]!.jobs.push(job.id);
    });
  }
  return { jobs, routes, ...(options.settings ? { settings: options.settings } : {}) };
}
