import type { ProblemResponse } from '../../model/types/responses.js';

/** A small plan as build or optimize answer it: one route of two jobs between depot stops (only depot stops carry a location). */
export function samplePlan(routeId = 'r1', jobs: string[] = ['j1', 'j2']): ProblemResponse {
  const depotStop = (id: string, arrival: string) => ({
    id,
    type: 'depot' as const,
    arrival_datetime: arrival,
    distance_to_meters: 0,
    time_to: '00:00:00',
    idle_time: '00:00:00',
    time_on_site: '00:00:00',
    location: '43.7365,7.4228',
    violations: [],
  });
  return {
    routes: [
      {
        id: routeId,
        name: `Route ${routeId}`,
        cost: 12.345,
        internal_cost: 12.345,
        distance_meters: 2345.6,
        driving_time: '00:10:00',
        working_time: '00:40:00',
        planned_start_date_time: '2026-11-23T07:00:00',
        vehicle: 'v1',
        violations: [],
        stops: [
          depotStop(`${routeId}-start`, '2026-11-23T07:00:00'),
          ...jobs.map((job, i) => ({
            id: `${routeId}-${job}`,
            type: 'job' as const,
            job,
            arrival_datetime: `2026-11-23T07:${String(10 + i * 10).padStart(2, '0')}:00`,
            distance_to_meters: 1000.4 + i,
            time_to: '00:05:00',
            idle_time: '00:00:00',
            time_on_site: '00:05:00',
            violations: i === 1 ? [{ type: 'job_missed_time_window' as const }] : [],
          })),
          depotStop(`${routeId}-end`, '2026-11-23T07:40:00'),
        ],
      },
      // An unused route: nothing of it is written.
      {
        id: 'idle',
        cost: 0,
        internal_cost: 0,
        distance_meters: 0,
        driving_time: '00:00:00',
        working_time: '00:00:00',
        violations: [],
        stops: [],
      },
    ],
    unrouted_jobs: [],
  };
}
