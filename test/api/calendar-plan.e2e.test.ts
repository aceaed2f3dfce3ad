import { useTestStack } from '../support/stack.js';
import { postJson, request, type JsonResponse } from '../support/http.js';

// Straight lines: the customers lie around Seattle, far off the demo map.
const { stack, user } = useTestStack({ WAYPLAN_WAIT_SECONDS: '5', WAYPLAN_TRAVEL_PROVIDER: 'straight_line' });

const auth = () => ({ authorization: user.basic });

/** POSTs and follows the 302s of `wait=1` until the result is there. */
async function solve(path: string, body: unknown): Promise<JsonResponse> {
  let response = await postJson(`${stack.baseUrl}${path}`, body, auth());
  while (response.status === 302) response = await request(`${stack.baseUrl}${response.headers.get('location')!}`, { headers: auth() });
  return response;
}

type Body = Record<string, unknown>;

/** The k-th customer of a deterministic scatter within ~15 km of the depot. */
function place(k: number): string {
  const lat = 47.6 + 0.12 * Math.sin(k * 2.399) * Math.sqrt(((k * 7919) % 1000) / 1000);
  const lon = -122.33 + 0.16 * Math.cos(k * 2.399) * Math.sqrt(((k * 7919) % 1000) / 1000);
  return `${lat.toFixed(5)}, ${lon.toFixed(5)}`;
}

/** One schedule of a mix: mostly weekly, some twice a week, every other week, or once a month. */
function schedule(k: number): Body {
  const job_template = { location: place(k), time_on_site: '00:10' };
  const base = { id: `c${k}`, earliest_date: '2024-03-04', job_template };
  if (k % 10 === 0) return { ...base, type: 'times_per_week', frequency: 2, allowed_days_of_week: ['mon', 'tue', 'wed', 'thu', 'fri'] };
  if (k % 10 === 1) return { ...base, type: 'weekly', interval: 2 };
  if (k % 10 === 2) return { ...base, type: 'times_per_month', allowed_variance_after: 3 };
  if (k % 10 === 3) return { ...base, type: 'weekly', allowed_variance_before: 1, allowed_variance_after: 1 };
  return { ...base, type: 'weekly' };
}

// Four working weeks from Monday 4 March to Saturday 30 March 2024 (a visit anchored on Sunday 31 March
// would fall in a week with no routes yet): 20 drivers on a Monday-to-Friday day shift, 300 customers on schedules.
const problem = {
  shifts: [{ id: 'day', name: 'Day', start_time: '08:00', end_time: '17:00' }],
  shift_patterns: [{ id: 'weekdays', shifts: [[], ['day'], ['day'], ['day'], ['day'], ['day'], []] }],
  drivers: Array.from({ length: 20 }, (_, i) => ({
    id: `d${i}`,
    location: '47.60, -122.33',
    shift_patterns: [{ shift_pattern: 'weekdays', start_date: '2024-03-03' }],
  })),
  schedules: Array.from({ length: 300 }, (_, k) => schedule(k)),
};

interface Visit {
  job: string;
  ordinal: number;
  target_date_range: { start: string; end: string };
}

interface ResultRoute {
  id: string;
  violations: { type: string }[];
  stops: { id: string; type: string; violations: { type: string }[] }[];
}

describe('a four-week calendar plan over HTTP', () => {
  test('instantiate → build → evaluate: every visit routed inside its target range, or unrouted with its reasons', async () => {
    const window = '/v1/instantiate?start_date=2024-03-04&num_days=27';
    const made = await postJson(`${stack.baseUrl}${window}`, problem, auth());
    expect(made.status).toBe(200);
    const visits = (made.body.schedules as { jobs: Visit[] }[]).flatMap((s) => s.jobs);
    expect(made.body.routes).toHaveLength(20 * 20);
    expect(visits.length).toBeGreaterThan(1000);

    const full = await postJson(`${stack.baseUrl}${window}`, { ...problem, return_request: true }, auth());
    expect(full.status).toBe(200);
    const { return_request: _, ...instantiated } = full.body as Body;
    const plan: Body = { ...instantiated, settings: { time_limit: '00:00:15' } };

    const built = await solve('/v1/build?wait=1', plan);
    expect(built.status).toBe(200);
    const routes = built.body.routes as ResultRoute[];
    const unrouted = built.body.unrouted_jobs as { id: string; reasons: string[] }[];
    for (const job of unrouted) expect(Array.isArray(job.reasons)).toBe(true);
    expect(unrouted.length).toBeLessThan(visits.length / 100);
    const baseDates = new Map((built.body.schedules as { id: string; base_date: string }[]).map((s) => [s.id, s.base_date]));
    expect(baseDates.size).toBeGreaterThan(290);

    // Evaluate the plan as built, with the chosen base dates stored on the schedules.
    const jobsOf = new Map(routes.map((route) => [route.id, route.stops.filter((stop) => stop.type === 'job').map((stop) => stop.id)]));
    const evaluated = await solve('/v1/evaluate?wait=1', {
      ...plan,
      routes: (plan.routes as Body[]).map((route) => ({ ...route, jobs: jobsOf.get(route.id as string) ?? [] })),
      schedules: (plan.schedules as Body[]).map((s) =>
        baseDates.has(s.id as string) ? { ...s, base_date: baseDates.get(s.id as string) } : s,
      ),
    });
    expect(evaluated.status).toBe(200);
    const evaluatedRoutes = evaluated.body.routes as ResultRoute[];
    expect(evaluatedRoutes.flatMap((route) => [...route.violations, ...route.stops.flatMap((stop) => stop.violations)])).toEqual([]);
    expect((evaluated.body.unrouted_jobs as { id: string }[]).map((job) => job.id).sort()).toEqual(unrouted.map((job) => job.id).sort());

    // The full-request echo prints route dates as YYYY-MM-DDT00:00:00; the ranges are dates.
    const dateOf = new Map((plan.routes as Body[]).map((route) => [route.id as string, (route.date as string).slice(0, 10)]));
    expect([...dateOf.values()].every((date) => /^\d{4}-\d{2}-\d{2}$/.test(date))).toBe(true);
    const routeOf = new Map(
      evaluatedRoutes.flatMap((route) => route.stops.filter((stop) => stop.type === 'job').map((stop) => [stop.id, route.id] as const)),
    );
    const unroutedIds = new Set(unrouted.map((job) => job.id));
    for (const visit of visits) {
      if (unroutedIds.has(visit.job)) continue;
      const date = dateOf.get(routeOf.get(visit.job)!)!;
      expect(date >= visit.target_date_range.start && date <= visit.target_date_range.end).toBe(true);
    }
  }, 180_000);
});
