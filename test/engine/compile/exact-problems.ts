import fc from 'fast-check';

const hhmm = (minutes: number): string => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const place = fc
  .tuple(fc.integer({ min: 0, max: 300 }), fc.integer({ min: 0, max: 300 }))
  .map(([a, b]) => `${(47.5 + a / 1000).toFixed(3)}, ${(-122.45 + b / 1000).toFixed(3)}`);

const jobSpec = fc.record({
  location: place,
  onSite: fc.integer({ min: 0, max: 30 }),
  window: fc.option(fc.tuple(fc.integer({ min: 420, max: 960 }), fc.integer({ min: 30, max: 300 })), { nil: undefined }),
  exit: fc.option(place, { nil: undefined }),
  kg: fc.integer({ min: 0, max: 12 }),
  crates: fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }),
  lift: fc.boolean(),
});

const routeSpec = fc.record({
  start: fc.integer({ min: 360, max: 600 }),
  length: fc.option(fc.integer({ min: 120, max: 720 }), { nil: undefined }),
  maxWorking: fc.option(fc.integer({ min: 60, max: 600 }), { nil: undefined }),
  optimize: fc.boolean(),
  startStem: fc.boolean(),
  endStem: fc.boolean(),
  kgCapacity: fc.option(fc.integer({ min: 10, max: 60 }), { nil: undefined }),
  crateCapacity: fc.option(fc.integer({ min: 0, max: 6 }), { nil: undefined }),
  maxJobs: fc.option(fc.integer({ min: 1, max: 8 }), { nil: undefined }),
  costPerHour: fc.integer({ min: 0, max: 40 }),
  fixed: fc.integer({ min: 0, max: 50 }),
  lift: fc.boolean(),
});

/**
 * Build requests using only what the core models exactly (one window per job, exits, loads,
 * capacities, job caps, working-time and end limits, stems, start-time optimization, route
 * attributes, one speed): for these the core's route costs must equal the evaluator's.
 */
export const exactProblem = fc
  .record({
    jobs: fc.array(jobSpec, { minLength: 1, maxLength: 14 }),
    routes: fc.array(routeSpec, { minLength: 1, maxLength: 4 }),
    speed: fc.integer({ min: 50, max: 150 }),
    costPerKm: fc.double({ min: 0, max: 2, noNaN: true }),
  })
  .map(({ jobs, routes, speed, costPerKm }) => ({
    settings: { defaults: { driving_speed_percentage: speed, cost_per_km: costPerKm } },
    jobs: jobs.map((spec, i) => ({
      id: `job-${i}`,
      location: spec.location,
      time_on_site: hhmm(spec.onSite),
      ...(spec.window ? { time_window: { start: hhmm(spec.window[0]), end: hhmm(spec.window[0] + spec.window[1]) } } : {}),
      ...(spec.exit ? { exit_location: spec.exit, exit_time_on_site: '00:04' } : {}),
      loads: [{ metric: 'kg', amount: spec.kg }, ...(spec.crates !== undefined ? [{ metric: 'crates', amount: spec.crates }] : [])],
      ...(spec.lift ? { required_route_attributes: ['lift'] } : {}),
    })),
    routes: routes.map((spec, r) => ({
      id: `route-${r}`,
      start_location: '47.6, -122.3',
      end_location: '47.65, -122.35',
      start_time: hhmm(spec.start),
      ...(spec.length !== undefined ? { end_time: hhmm(spec.start + spec.length) } : {}),
      ...(spec.maxWorking !== undefined ? { max_working_time: hhmm(spec.maxWorking) } : {}),
      optimize_start_time: spec.optimize,
      enable_start_stem_time: spec.startStem,
      enable_end_stem_time: spec.endStem,
      load_capacities: [
        ...(spec.kgCapacity !== undefined ? [{ metric: 'kg', amount: spec.kgCapacity }] : []),
        ...(spec.crateCapacity !== undefined ? [{ metric: 'crates', amount: spec.crateCapacity }] : []),
      ],
      ...(spec.maxJobs !== undefined ? { max_jobs_on_route: spec.maxJobs } : {}),
      cost_per_hour: spec.costPerHour,
      fixed_cost: spec.fixed,
      ...(spec.lift ? { route_attributes: ['lift'] } : {}),
      jobs: [],
    })),
  }));
