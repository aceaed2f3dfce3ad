import {
  buildOpenApiDocument,
  canonicalize,
  echoCustom,
  echoStopCustom,
  resolveProblem,
  withEchoedCustom,
  type Problem,
} from '../../model/index.js';

const A = '-36.85,174.76';

const inlineProblem: Problem = {
  name: 'inline',
  routes: [
    {
      id: 'r1',
      driver: { id: 'd1', location: A },
      jobs: [{ id: 'j1', location: { id: 'm1', location: A }, type: { id: 'jt', default_time_on_site: '00:05' } }, 'j0'],
      response: {
        id: 'r1',
        cost: 1,
        internal_cost: 1,
        distance_meters: 1,
        driving_time: '00:01:00',
        working_time: '00:01:00',
        violations: [],
      },
    },
  ],
  jobs: [{ id: 'j0', location: '1, 2', custom: {} }],
  unrouted_jobs: [],
};

describe('canonicalize', () => {
  it('moves inline entities to their collections, references them by id and drops calculated values', () => {
    expect(canonicalize(inlineProblem)).toEqual({
      name: 'inline',
      markers: [{ id: 'm1', location: A }],
      job_types: [{ id: 'jt', default_time_on_site: '00:05:00' }],
      drivers: [{ id: 'd1', location: A }],
      jobs: [
        { id: 'j0', location: '1,2', custom: {} },
        { id: 'j1', location: 'm1', type: 'jt' },
      ],
      routes: [{ id: 'r1', driver: 'd1', jobs: ['j1', 'j0'] }],
    });
  });

  it('writes timespans, latlons and dates in their wire form, losslessly, and leaves malformed values for validation', () => {
    const canonical = canonicalize({
      markers: [{ id: 'm', location: ' 39.6 , -105.0 ' }],
      jobs: [
        { id: 'a', location: '39.6, -105.0', time_on_site: '0:5', time_window: { start: '27:00', end: '1.04:30:00' } },
        { id: 'b', location: 'm', time_on_site: '00:00:30.5' },
        { id: 'c', location: 'not a place', time_on_site: '1:60' },
      ],
    } as Problem);
    expect(canonical.markers![0]!.location).toBe('39.6,-105.0');
    expect(
      canonicalize({
        routes: [{ id: 'r', date: '2016-1-8' }],
        jobs: [{ id: 'j', allowed_dates: ['2016-01-09T00:00:00', 'someday'] }],
      } as Problem),
    ).toEqual({
      jobs: [{ id: 'j', allowed_dates: ['2016-01-09', 'someday'] }],
      routes: [{ id: 'r', date: '2016-01-08' }],
    });
    expect(canonical.jobs).toEqual([
      { id: 'a', location: '39.6,-105.0', time_on_site: '00:05:00', time_window: { start: '1.03:00:00', end: '1.04:30:00' } },
      { id: 'b', location: 'm', time_on_site: '00:00:30.5' },
      { id: 'c', location: 'not a place', time_on_site: '1:60' },
    ]);
  });

  it('orders keys as the schema does', () => {
    const canonical = canonicalize({ routes: [{ jobs: [], id: 'r' }], name: 'n', id: 'x' } as Problem);
    expect(Object.keys(canonical)).toEqual(['id', 'name', 'routes']);
    expect(Object.keys(canonical.routes![0]!)).toEqual(['id', 'jobs']);
  });

  it('is idempotent', () => {
    const once = canonicalize(inlineProblem);
    expect(canonicalize(once)).toEqual(once);
    expect(JSON.stringify(canonicalize(once))).toBe(JSON.stringify(once));
  });

  it('keeps id-less inline markers and custom entries as given', () => {
    const problem = { jobs: [{ id: 'j', location: { location: A }, custom: { __proto__: 'x', b: 'y' } }] };
    const canonical = canonicalize(JSON.parse(JSON.stringify(problem)) as Problem);
    expect(canonical.jobs![0]!.location).toEqual({ location: A });
    expect(Object.keys(canonical.jobs![0]!.custom!)).toEqual(['b']);
  });

  it('does not inject defaults', () => {
    expect(canonicalize({ routes: [{ id: 'r' }] })).toEqual({ routes: [{ id: 'r' }] });
  });
});

describe('resolveProblem', () => {
  it('follows references and converts formats', () => {
    const resolved = resolveProblem(
      {
        ...inlineProblem,
        settings: { defaults: { start_time: '08:00' } },
        schedules: [{ id: 's', type: 'daily', base_date: '2024-2-29', jobs: [null, 'j0'] }],
        routes: [{ ...inlineProblem.routes![0]!, date: '2024-03-01', end_time: '27:00', load_capacities: [{ metric: 'kg', amount: 10 }] }],
      },
      'sequence',
    );
    const route = resolved.routes[0]!;
    expect(route.jobs[0]).toBe(resolved.jobsById.get('j1'));
    expect(route.driver).toBe(resolved.driversById.get('d1'));
    expect(route.driver!.location!.location).toEqual({ lat: -36.85, lon: 174.76 });
    expect(route.date).toBe(19_783);
    expect(route.end_time).toBe(97_200);
    expect(route.jobs.map((job) => job.index)).toEqual([1, 0]);
    expect(route.jobs[0]!.type!.default_time_on_site).toBe(300);
    expect(route.jobs[0]!.location).toBe(resolved.markersById.get('m1'));
    expect(route.jobs[1]!.location!.location).toEqual({ lat: 1, lon: 2 });
    expect(route.load_capacities![0]!.metric).toBe(resolved.capacityMetricsById.get('kg'));
    expect(resolved.capacity_metrics).toEqual([{ id: 'kg' }]);
    expect(resolved.schedules[0]!.jobs).toEqual([null, resolved.jobsById.get('j0')]);
    expect(resolved.schedules[0]!.base_date).toBe(19_782);
    expect(resolved.settings.defaults.start_time).toBe(28_800);
    expect('response' in route).toBe(false);
  });

  it('resolves the fields recommend and insert add', () => {
    const recommend = resolveProblem({ job: { id: 'new', location: A }, routes: [{ id: 'r' }] }, 'recommend');
    expect(recommend.job).toBe(recommend.jobsById.get('new'));
    const insert = resolveProblem({ jobs_to_insert: [{ id: 'a', location: A }] }, 'insert');
    expect(insert.jobs_to_insert!.map((job) => job.id)).toEqual(['a']);
  });
});

describe('custom echo', () => {
  it('echoes custom unchanged, {} as {}, and nothing when absent', () => {
    expect(echoCustom({ custom: { a: 'b' } })).toEqual({ custom: { a: 'b' } });
    expect(echoCustom({ custom: {} })).toEqual({ custom: {} });
    expect(echoCustom({})).toEqual({});
    expect('custom' in withEchoedCustom({ id: 'r' }, {})).toBe(false);
    expect(echoStopCustom('depot', { custom: { a: 'b' } })).toEqual({ custom: { a: 'b' } });
    expect(echoStopCustom('break', { custom: { a: 'b' } })).toEqual({});
  });
});

describe('OpenAPI document', () => {
  const document = buildOpenApiDocument({ version: '1.2.3', paths: {} });
  const components = (document.components as { schemas: Record<string, unknown> }).schemas;

  it('has a component for every named type and every $ref resolves', () => {
    for (const name of [
      'problem',
      'job',
      'route',
      'marker',
      'latlon',
      'timespan',
      'polygon',
      'route_response',
      'error_response',
      'validation_error',
      'task_redirect_response',
      'validate_response',
      'recommend_option',
      'instantiate_response',
      'variance',
      'zone',
      'shift_pattern_assignment',
      'hazmat_load_type',
    ]) {
      expect(components).toHaveProperty(name);
    }
    const refs = [...JSON.stringify(document).matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((match) => match[1]!);
    expect(refs.filter((name) => !(name in components))).toEqual([]);
  });

  it('is plain JSON', () => {
    expect(JSON.parse(JSON.stringify(document))).toEqual(document);
  });
});
