import { runOperation } from '../../../engine/operations/index.js';
import { straightLineProvider } from '../../../geo/straight-line.js';
import { hardViolations, jobsByRoute, operate, totalCost, totalInternalCost } from './operation-results.js';

type Body = Record<string, unknown>;

/** Six hour-long jobs about 100 km north of the depot and one next to it; one driver, three consecutive days. */
function farCluster(maxMultidayDays: number): Body {
  const far = Array.from({ length: 6 }, (_, i) => ({
    id: `far${i}`,
    location: `${(48.5 + 0.01 * i).toFixed(2)}, -122.33`,
    time_on_site: '01:00',
  }));
  const day = (date: string): Body => ({ id: `r${date}`, driver: 'd', date, start_time: '08:00', end_time: '18:00' });
  return {
    drivers: [{ id: 'd', location: '47.60, -122.33', max_multiday_days: maxMultidayDays }],
    jobs: [...far, { id: 'near', location: '47.61, -122.33', time_on_site: '00:30' }],
    routes: [day('2024-03-04'), day('2024-03-05'), day('2024-03-06')],
    // Far out of reach: the search ends on its iteration budget and the trips are compared on equal
    // work, whatever the machine's load (a 2 s limit made the comparison a race on a busy machine).
    settings: { time_limit: '00:10:00' },
  };
}

describe('build with overnight stays', () => {
  test('chains consecutive days into a trip when that costs less, and the evaluator agrees', async () => {
    const single = await operate('build', farCluster(1));
    const trips = await operate('build', farCluster(2));
    expect(hardViolations(single)).toEqual([]);
    expect(hardViolations(trips)).toEqual([]);
    expect(single.unrouted_jobs).toEqual([]);
    expect(trips.unrouted_jobs).toEqual([]);
    expect(single.routes.some((route) => route.next_multiday_day !== undefined)).toBe(false);

    const chained = trips.routes.filter((route) => route.next_multiday_day !== undefined);
    expect(chained.length).toBeGreaterThan(0);
    for (const route of chained) {
      const next = trips.routes.find((r) => r.id === route.next_multiday_day)!;
      expect(next.previous_multiday_day).toBe(route.id);
      expect(route.stops!.at(-1)!.type).toBe('overnight');
    }
    // Never more days in a trip than max_multiday_days.
    expect(trips.routes.filter((route) => route.next_multiday_day !== undefined && route.previous_multiday_day !== undefined)).toEqual([]);
    expect(totalCost(trips)).toBeLessThan(totalCost(single));

    // Sent back with has_next_multiday_day on the chained days and the planned orders, evaluate finds the same.
    const body = farCluster(2);
    const orders = jobsByRoute(trips);
    const routes = (body.routes as Body[]).map((route) => ({
      ...route,
      jobs: orders.get(route.id as string) ?? [],
      ...(chained.some((r) => r.id === route.id) ? { has_next_multiday_day: true } : {}),
    }));
    const evaluated = await operate('evaluate', { ...body, routes });
    expect(hardViolations(evaluated)).toEqual([]);
    expect(totalInternalCost(evaluated)).toBeCloseTo(totalInternalCost(trips), 6);
    expect(evaluated.routes.map((route) => route.next_multiday_day)).toEqual(trips.routes.map((route) => route.next_multiday_day));
  }, 60_000);

  test('return_request marks the chained days with has_next_multiday_day, and drops the flags build ignored', async () => {
    const body = farCluster(2);
    const flagged = {
      ...body,
      return_request: true,
      routes: (body.routes as Body[]).map((route) => ({ ...route, has_next_multiday_day: true })),
    };
    const full = (await runOperation('build', flagged, {}, straightLineProvider, () => undefined)) as {
      routes: { id: string; has_next_multiday_day?: boolean; response: { next_multiday_day?: string } }[];
    };
    for (const route of full.routes) expect(route.has_next_multiday_day === true).toBe(route.response.next_multiday_day !== undefined);
    expect(full.routes.some((route) => route.has_next_multiday_day === true)).toBe(true);
  }, 60_000);

  test('a trip serves a far cluster that two separate days cannot', async () => {
    // Eight 90-minute jobs 2.6 h away: a day there and back has room for three; a two-day trip for eight.
    const jobs = Array.from({ length: 8 }, (_, i) => ({
      id: `far${i}`,
      location: `${(48.5 + 0.002 * i).toFixed(3)}, -122.33`,
      time_on_site: '01:30',
    }));
    const body = (days: number): Body => ({ ...farCluster(days), jobs, routes: (farCluster(days).routes as Body[]).slice(0, 2) });
    const single = await operate('build', body(1));
    const trip = await operate('build', body(2));
    expect(hardViolations(single)).toEqual([]);
    expect(hardViolations(trip)).toEqual([]);
    expect(single.unrouted_jobs.length).toBe(2);
    expect(trip.unrouted_jobs.length).toBeLessThan(single.unrouted_jobs.length);
    expect(trip.routes[0]!.next_multiday_day).toBe(trip.routes[1]!.id);
  }, 60_000);

  test('keeps days apart when a trip would not save anything', async () => {
    const body = farCluster(3);
    const near = {
      ...body,
      jobs: [
        { id: 'a', location: '47.61, -122.33' },
        { id: 'b', location: '47.62, -122.34' },
        { id: 'c', location: '47.59, -122.32' },
      ],
    };
    const result = await operate('build', near);
    expect(hardViolations(result)).toEqual([]);
    expect(result.routes.every((route) => route.next_multiday_day === undefined)).toBe(true);
  }, 60_000);
});
