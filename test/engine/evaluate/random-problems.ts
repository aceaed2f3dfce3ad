import fc from 'fast-check';

const hhmm = (minutes: number): string => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
const place = fc
  .tuple(fc.integer({ min: 0, max: 200 }), fc.integer({ min: 0, max: 200 }))
  .map(([a, b]) => `${(47.5 + a / 1000).toFixed(3)}, ${(-122.4 + b / 1000).toFixed(3)}`);
const window = fc
  .tuple(fc.integer({ min: 360, max: 1200 }), fc.integer({ min: 0, max: 240 }))
  .map(([start, length]) => ({ start: hhmm(start), end: hhmm(start + length) }));

const jobSpec = fc.record({
  location: place,
  inline: fc.boolean(),
  onSite: fc.option(fc.integer({ min: 0, max: 90 }), { nil: undefined }),
  window: fc.option(window, { nil: undefined }),
  window2: fc.option(window, { nil: undefined }),
  exit: fc.option(place, { nil: undefined }),
  load: fc.option(fc.integer({ min: -5, max: 10 }), { nil: undefined }),
  kg: fc.option(fc.integer({ min: -5, max: 10 }), { nil: undefined }),
  attributes: fc.subarray(['cold', 'lift', 'hazmat']),
  custom: fc.option(fc.dictionary(fc.string({ maxLength: 4 }), fc.string({ maxLength: 4 }), { maxKeys: 2 }), { nil: undefined }),
  date: fc.option(fc.integer({ min: 0, max: 3 }), { nil: undefined }),
  days: fc.option(fc.subarray(['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun']), { nil: undefined }),
  route: fc.integer({ min: -1, max: 3 }),
});

const routeSpec = fc.record({
  start: fc.option(fc.integer({ min: 300, max: 700 }), { nil: undefined }),
  end: fc.option(fc.integer({ min: 600, max: 1600 }), { nil: undefined }),
  optimize: fc.boolean(),
  startStem: fc.boolean(),
  endStem: fc.boolean(),
  capacity: fc.option(fc.integer({ min: 0, max: 30 }), { nil: undefined }),
  kgCapacity: fc.option(fc.integer({ min: 0, max: 30 }), { nil: undefined }),
  maxJobs: fc.option(fc.integer({ min: 0, max: 5 }), { nil: undefined }),
  maxWorking: fc.option(fc.integer({ min: 30, max: 900 }), { nil: undefined }),
  maxDriving: fc.option(fc.integer({ min: 10, max: 300 }), { nil: undefined }),
  normal: fc.option(fc.integer({ min: 30, max: 600 }), { nil: undefined }),
  breaks: fc.array(
    fc.oneof(
      fc.record({ start: fc.integer({ min: 300, max: 1200 }).map(hhmm), length: fc.integer({ min: 0, max: 60 }).map(hhmm) }),
      fc
        .tuple(fc.integer({ min: 300, max: 1100 }), fc.integer({ min: 0, max: 120 }), fc.integer({ min: 0, max: 60 }))
        .map(([e, w, l]) => ({ earliest_start: hhmm(e), latest_start: hhmm(e + w), length: hhmm(l) })),
    ),
    { maxLength: 2 },
  ),
  relative: fc.boolean(),
  attributes: fc.subarray(['cold', 'lift', 'hazmat']),
  next: fc.boolean(),
  speed: fc.option(fc.integer({ min: 20, max: 200 }), { nil: undefined }),
});

/**
 * Valid evaluate requests mixing most evaluator rules (windows, breaks, exits, loads per metric,
 * limits, dates, attributes, drivers, zones, multi-day chains, custom), with inline and referenced
 * jobs.
 */
export const randomProblem = fc
  .record({
    jobs: fc.array(jobSpec, { maxLength: 10 }),
    routes: fc.array(routeSpec, { minLength: 1, maxLength: 4 }),
    dated: fc.boolean(),
    legal: fc.option(fc.tuple(fc.integer({ min: 1, max: 60 }), fc.integer({ min: 30, max: 300 })), { nil: undefined }),
    hardWindows: fc.boolean(),
    zone: fc.boolean(),
  })
  .map(({ jobs, routes, dated, legal, hardWindows, zone }) => {
    const driverIds = routes.map((_, i) => `driver-${i % 2}`);
    const jobObjects = jobs.map((spec, i) => ({
      id: `job-${i}`,
      location: spec.location,
      ...(spec.onSite !== undefined ? { time_on_site: hhmm(spec.onSite) } : {}),
      ...(spec.window ? { time_window: spec.window } : {}),
      ...(spec.window && spec.window2 ? { time_window2: spec.window2 } : {}),
      ...(spec.exit ? { exit_location: spec.exit, exit_time_on_site: '00:05' } : {}),
      ...(spec.load !== undefined ? { load: spec.load } : spec.kg !== undefined ? { loads: [{ metric: 'kg', amount: spec.kg }] } : {}),
      ...(spec.attributes.length ? { required_route_attributes: spec.attributes } : {}),
      ...(spec.custom ? { custom: spec.custom } : {}),
      ...(dated && spec.date !== undefined ? { date: `2024-03-0${4 + spec.date}`, allowed_variance_after: 1 } : {}),
      ...(dated && spec.days ? { allowed_days_of_week: spec.days } : {}),
    }));
    const routeObjects = routes.map((spec, r) => {
      const mine = jobs.flatMap((job, i) => (job.route === r ? [job.inline ? jobObjects[i]! : jobObjects[i]!.id] : []));
      return {
        id: `route-${r}`,
        location: { id: `depot-marker-${r}`, location: '47.6, -122.3', is_depot: true, attributes: ['dock'] },
        driver: driverIds[r]!,
        ...(dated ? { date: `2024-03-0${4 + r}` } : {}),
        ...(spec.start !== undefined ? { start_time: hhmm(spec.start) } : {}),
        ...(spec.end !== undefined ? { end_time: hhmm(spec.end) } : {}),
        optimize_start_time: spec.optimize,
        enable_start_stem_time: spec.startStem,
        enable_end_stem_time: spec.endStem,
        ...(spec.capacity !== undefined
          ? { load_capacity: spec.capacity }
          : spec.kgCapacity !== undefined
            ? { load_capacities: [{ metric: 'kg', amount: spec.kgCapacity }] }
            : {}),
        ...(spec.maxJobs !== undefined ? { max_jobs_on_route: spec.maxJobs } : {}),
        ...(spec.maxWorking !== undefined ? { max_working_time: hhmm(spec.maxWorking) } : {}),
        ...(spec.maxDriving !== undefined ? { max_driving_time: hhmm(spec.maxDriving) } : {}),
        ...(spec.normal !== undefined ? { normal_working_time: hhmm(spec.normal) } : {}),
        ...(spec.breaks.length ? { breaks: spec.breaks, breaks_relative_to_start: spec.relative } : {}),
        ...(spec.attributes.length ? { route_attributes: spec.attributes } : {}),
        ...(spec.next ? { has_next_multiday_day: true } : {}),
        ...(spec.speed !== undefined ? { driving_speed_percentage: spec.speed } : {}),
        custom: { route: String(r) },
        jobs: mine,
      };
    });
    const inlined = new Set(
      jobs.flatMap((job, i) => (job.inline && job.route >= 0 && job.route < routes.length ? [jobObjects[i]!.id] : [])),
    );
    return {
      id: 'generated',
      custom: { source: 'fast-check' },
      settings: {
        time_windows_as_hard_constraint: hardWindows,
        ...(legal ? { enable_legal_breaks: true, legal_break_duration: hhmm(legal[0]), legal_break_interval: hhmm(legal[1]) } : {}),
      },
      drivers: [
        { id: 'driver-0', attributes: ['hazmat'], overtime_cost_per_hour: 30, max_multiday_days: 2 },
        { id: 'driver-1', cost_per_hour: 20 },
      ],
      ...(zone
        ? {
            zones: [
              {
                id: 'zone',
                drivers: ['driver-0'],
                boundary: { vertices: ['47.5, -122.4', '47.5, -122.3', '47.6, -122.3', '47.6, -122.4', '47.5, -122.4'] },
              },
            ],
          }
        : {}),
      jobs: jobObjects.filter((job) => !inlined.has(job.id)),
      routes: routeObjects,
    };
  });
