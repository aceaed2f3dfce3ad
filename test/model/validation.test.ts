import {
  MAX_PROBLEM_ENTITIES,
  VALIDATION_CODES,
  validateRequest,
  validationCodesMarkdown,
  type ValidationFault,
} from '../../model/index.js';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

function codes(faults: ValidationFault[]): string[] {
  return faults.map((fault) => fault.code);
}

const A = '-36.85,174.76';
const B = '-36.86,174.77';

describe('interface codes', () => {
  it('numbers an inline job without location in the canonical jobs collection', () => {
    const faults = validateRequest({ routes: [{ id: 'r1', jobs: [{ id: 'j1' }] }] }, 'sequence');
    expect(faults).toEqual([
      {
        property: 'request.jobs[0].location',
        code: 'job_location_missing_error',
        message: expect.any(String),
        parameters: { property_name: 'location' },
      },
    ]);
  });

  it('puts inline jobs after the top-level ones', () => {
    const body = { jobs: [{ id: 'a', location: A }], routes: [{ id: 'r', jobs: ['a', { id: 'b' }] }] };
    expect(validateRequest(body, 'sequence').map((fault) => fault.property)).toEqual(['request.jobs[1].location']);
  });

  it('does not require a location when canonicalizing', () => {
    expect(validateRequest({ jobs: [{ id: 'a' }] }, 'canonicalize')).toEqual([]);
  });

  it('reports routes with and without dates', () => {
    const faults = validateRequest({ routes: [{ id: 'a', date: '2024-01-01' }, { id: 'b' }] }, 'build');
    expect(faults).toEqual([{ property: 'request', code: 'route_dates_mismatch_error', message: expect.any(String) }]);
  });

  it('requires dates on every route when there are schedules', () => {
    const faults = validateRequest(
      { routes: [{ id: 'a' }], schedules: [{ id: 's', type: 'weekly', job_template: { location: A } }] },
      'build',
    );
    expect(faults).toEqual([{ property: 'request', code: 'routes_with_schedules_must_have_dates_error', message: expect.any(String) }]);
  });

  it('reports null where null is not allowed', () => {
    expect(validateRequest({ job: null }, 'recommend')).toEqual([
      { property: 'request.job', code: 'null_value_error', message: expect.any(String) },
    ]);
    expect(validateRequest(null, 'build')[0]).toMatchObject({ property: 'request', code: 'null_value_error' });
  });

  it('accepts null where it means something', () => {
    const body = {
      jobs: [{ id: 'j', location: A, allowed_days_of_week: null }],
      shift_overrides: [{ start_date: '2024-01-01', end_date: '2024-01-02', shift: null }],
    };
    expect(validateRequest(body, 'build')).toEqual([]);
  });

  it('lists several faults at once', () => {
    const faults = validateRequest({ jobs: [{ id: 'a' }, { id: 'b' }], routes: [{ id: 'r', date: '2024-1-1' }, { id: 's' }] }, 'build');
    expect(codes(faults)).toEqual(['job_location_missing_error', 'job_location_missing_error', 'route_dates_mismatch_error']);
  });
});

describe('schema faults', () => {
  it('reports wrong types, missing required fields and bad formats with paths', () => {
    const body = {
      jobs: [{ location: 5, time_on_site: '1 hour', date: '2023-02-29', allowed_variance_after: 1.5 }],
      routes: [{ id: 'r', start_time: '-01:00', cost_per_km: -1, location: '95, 10' }],
      settings: { clustering: 'random' },
    };
    const faults = validateRequest(body, 'build');
    expect(faults).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          property: 'request.jobs[0].id',
          code: 'required_property_missing_error',
          parameters: { property_name: 'id' },
        }),
        expect.objectContaining({ property: 'request.jobs[0].location', code: 'invalid_type_error' }),
        expect.objectContaining({ property: 'request.jobs[0].time_on_site', code: 'invalid_timespan_error', attempted_value: '1 hour' }),
        expect.objectContaining({ property: 'request.jobs[0].date', code: 'invalid_date_error' }),
        expect.objectContaining({ property: 'request.jobs[0].allowed_variance_after', code: 'invalid_type_error' }),
        expect.objectContaining({ property: 'request.routes[0].start_time', code: 'value_out_of_range_error' }),
        expect.objectContaining({ property: 'request.routes[0].cost_per_km', code: 'value_out_of_range_error' }),
        expect.objectContaining({ property: 'request.routes[0].location', code: 'invalid_latlon_error' }),
        expect.objectContaining({ property: 'request.settings.clustering', code: 'invalid_enum_value_error' }),
      ]),
    );
  });

  it('ignores unknown fields, including calculated response values', () => {
    const body = {
      unknown_field: { anything: [1, 2] },
      unrouted_jobs: [{ id: 'x' }],
      routes: [{ id: 'r', response: { cost: 'not checked' }, stops: [{ type: 'depot', arrival_time: 'x', violations: 5 }] }],
    };
    expect(validateRequest(body, 'evaluate')).toEqual([]);
  });

  it('rejects empty ids and custom values that are not strings', () => {
    const faults = validateRequest({ jobs: [{ id: '', location: A, custom: { a: 1 } }] }, 'build');
    expect(codes(faults)).toEqual(['empty_string_error', 'invalid_type_error']);
    expect(faults[1]!.property).toBe('request.jobs[0].custom.a');
  });

  it('checks the bodies of operations without a problem', () => {
    expect(validateRequest({ locations: [{ location: 'x' }] }, 'reverse_geocode')).toEqual([
      expect.objectContaining({ property: 'request.locations[0].location', code: 'invalid_latlon_error' }),
    ]);
    expect(codes(validateRequest({}, 'geocode'))).toEqual(['required_property_missing_error']);
    expect(codes(validateRequest({ routes: [{ stops: [{ location: A, heading: 360 }] }] }, 'path'))).toEqual(['value_out_of_range_error']);
  });

  it('requires the fields an operation adds', () => {
    expect(validateRequest({}, 'recommend')).toEqual([
      expect.objectContaining({ property: 'request.job', code: 'required_property_missing_error' }),
    ]);
    expect(codes(validateRequest({}, 'insert'))).toEqual(['required_property_missing_error']);
    expect(codes(validateRequest({ zone_count: 0 }, 'zones'))).toEqual(['value_out_of_range_error']);
    expect(codes(validateRequest({}, 'consolidate_by_route_assignments'))).toEqual(['required_property_missing_error']);
  });

  it('reports an unknown operation instead of throwing', () => {
    expect(codes(validateRequest({}, 'teleport'))).toEqual(['unsupported_operation_error']);
  });
});

describe('references and ids', () => {
  it('accepts latlon strings and marker ids as markers, and follows references', () => {
    const body = {
      markers: [{ id: 'depot marker', location: A }],
      depots: [{ id: 'd', location: 'depot marker' }],
      drivers: [{ id: 'drv', location: B }],
      jobs: [{ id: 'j', location: 'depot marker', required_driver: 'drv' }],
      routes: [{ id: 'r', depot: 'd', driver: 'drv', jobs: ['j'] }],
    };
    expect(validateRequest(body, 'build')).toEqual([]);
  });

  it('reports missing references with the collection they should be in', () => {
    const body = { jobs: [{ id: 'j', location: 'nowhere', type: 'jt' }], routes: [{ id: 'r', jobs: ['ghost'], driver: 'j' }] };
    const faults = validateRequest(body, 'build');
    expect(faults.map((fault) => [fault.property, fault.code, fault.parameters])).toEqual([
      ['request.jobs[0].type', 'reference_not_found_error', { id: 'jt', collection: 'job_types' }],
      ['request.jobs[0].location', 'reference_not_found_error', { id: 'nowhere', collection: 'markers' }],
      ['request.routes[0].driver', 'reference_not_found_error', { id: 'j', collection: 'drivers' }],
      ['request.routes[0].jobs[0]', 'reference_not_found_error', { id: 'ghost', collection: 'jobs' }],
    ]);
  });

  it('lets load amounts name undeclared metrics', () => {
    expect(validateRequest({ jobs: [{ id: 'j', location: A, loads: [{ metric: 'kg', amount: 2 }] }] }, 'build')).toEqual([]);
  });

  it('reports ids shared across types', () => {
    const faults = validateRequest({ jobs: [{ id: 'x', location: A }], routes: [{ id: 'x' }] }, 'build');
    expect(faults).toEqual([
      expect.objectContaining({
        property: 'request.routes[0].id',
        code: 'duplicate_id_error',
        parameters: { id: 'x', first_property: 'request.jobs[0].id' },
      }),
    ]);
  });

  it('merges an entity given inline twice but reports two different ones under one id', () => {
    const same = {
      routes: [
        { id: 'r', driver: { id: 'd' } },
        { id: 's', driver: { id: 'd' } },
      ],
    };
    expect(validateRequest(same, 'build')).toEqual([]);
    const different = {
      routes: [
        { id: 'r', driver: { id: 'd' } },
        { id: 's', driver: { id: 'd', name: 'other' } },
      ],
    };
    expect(codes(validateRequest(different, 'build'))).toEqual(['duplicate_id_error']);
  });

  it('reports marker ids that parse as latlons and top-level markers without ids', () => {
    const faults = validateRequest({ markers: [{ id: '1, 2', location: A }, { location: B }] }, 'build');
    expect(faults.map((fault) => [fault.property, fault.code])).toEqual([
      ['request.markers[0].id', 'marker_id_is_latlon_error'],
      ['request.markers[1].id', 'required_property_missing_error'],
    ]);
  });

  it('numbers id-less inline entities in their collection', () => {
    const faults = validateRequest({ routes: [{ id: 'r', jobs: [{ location: A }] }] }, 'build');
    expect(faults.map((fault) => [fault.property, fault.code])).toEqual([['request.jobs[0].id', 'required_property_missing_error']]);
  });

  it('checks break references of stops against the route breaks', () => {
    const body = {
      jobs: [{ id: 'j', location: A }],
      routes: [
        {
          id: 'r',
          breaks: [{ id: 'lunch', start: '12:00', length: '00:30' }],
          stops: [{ type: 'break', break: 'lunch' }, { type: 'break', break: 'tea' }, { type: 'job' }],
        },
      ],
    };
    expect(validateRequest(body, 'evaluate').map((fault) => [fault.property, fault.code])).toEqual([
      ['request.routes[0].stops[1].break', 'reference_not_found_error'],
      ['request.routes[0].stops[2].job', 'required_property_missing_error'],
    ]);
  });
});

describe('semantic rules', () => {
  it('rejects mutually exclusive fields', () => {
    const body = {
      jobs: [{ id: 'j', location: A, date: '2024-01-01', allowed_dates: ['2024-01-02'], load: 1, loads: [] }],
      routes: [
        {
          id: 'r',
          date: '2024-01-01',
          load_capacity: 1,
          load_capacities: [],
          breaks: [{ start: '12:00', earliest_start: '11:00', length: '00:30' }],
        },
      ],
    };
    const faults = validateRequest(body, 'build');
    expect(faults.map((fault) => [fault.property, fault.code])).toEqual([
      ['request.jobs[0].allowed_dates', 'mutually_exclusive_properties_error'],
      ['request.jobs[0].loads', 'mutually_exclusive_properties_error'],
      ['request.routes[0].load_capacities', 'mutually_exclusive_properties_error'],
      ['request.routes[0].breaks[0].earliest_start', 'mutually_exclusive_properties_error'],
    ]);
  });

  it('rejects date fields on schedule jobs', () => {
    const body = {
      jobs: [{ id: 'j', location: A, date: '2024-01-01' }],
      schedules: [{ id: 's', type: 'daily', jobs: [null, 'j'] }],
    };
    expect(validateRequest(body, 'build').map((fault) => [fault.property, fault.code])).toEqual([
      ['request.jobs[0].date', 'schedule_job_date_fields_error'],
    ]);
  });

  it('limits capacity metrics and rejects duplicates within one array', () => {
    const loads = ['a', 'b', 'c', 'd', 'e'].map((metric) => ({ metric, amount: 1 }));
    const body = { jobs: [{ id: 'j', location: A, loads: [...loads, { metric: 'a', amount: 2 }] }] };
    const faults = validateRequest(body, 'build');
    expect(faults.map((fault) => [fault.property, fault.code])).toEqual([
      ['request.jobs[0].loads[5].metric', 'duplicate_load_metric_error'],
      ['request', 'too_many_capacity_metrics_error'],
    ]);
  });

  it.each([
    [['0,0', '0,1', '0,0'], 'polygon_too_few_vertices_error'],
    [['0,0', '0,1', '1,1', '1,0'], 'polygon_not_closed_error'],
    [['0,0', '0,1', '1,1', '0,1', '0,0'], 'polygon_repeated_vertex_error'],
    [['0,0', '1,1', '0,1', '1,0', '0,0'], 'polygon_self_intersection_error'],
    [['0,0', '0,2', '0,1', '1,1', '0,0'], 'polygon_self_intersection_error'],
  ])('rejects polygon %j', (vertices, code) => {
    expect(codes(validateRequest({ zones: [{ id: 'z', boundary: { vertices } }] }, 'build'))).toEqual([code]);
  });

  it('accepts a simple closed polygon', () => {
    const vertices = ['0,0', '0,1', '1,1', '1,0', '0,0'];
    expect(validateRequest({ zones: [{ id: 'z', boundary: { vertices } }] }, 'build')).toEqual([]);
  });

  it('rejects ranges that end before they start', () => {
    const body = {
      jobs: [{ id: 'j', location: A, time_window: { start: '10:00', end: '09:00' }, time_window2: { start: '22:00', end: '26:00' } }],
      drivers: [{ id: 'd', shift_overrides: [{ start_date: '2024-01-02', end_date: '2024-01-01' }] }],
    };
    expect(validateRequest(body, 'build').map((fault) => [fault.property, fault.code])).toEqual([
      ['request.jobs[0].time_window.end', 'range_end_before_start_error'],
      ['request.drivers[0].shift_overrides[0].end_date', 'range_end_before_start_error'],
    ]);
  });

  it('rejects explicit vehicle settings that contradict the request', () => {
    const withVehicles = { vehicles: [{ id: 'v' }], settings: { enable_explicit_vehicles: false } };
    expect(codes(validateRequest(withVehicles, 'build'))).toEqual(['explicit_vehicles_conflict_error']);
    const inline = { routes: [{ id: 'r', vehicle_type: 'truck' }], settings: { enable_explicit_vehicles: true } };
    expect(codes(validateRequest(inline, 'build'))).toEqual(['explicit_vehicles_conflict_error']);
  });

  it('wants exactly one variance kind', () => {
    expect(codes(validateRequest({ zone_count: 2, variance: {} }, 'zones'))).toEqual(['variance_kind_count_error']);
    const two = { zone_count: 2, variance: { stop_count_variance: 1, marker_count_variance: 1 } };
    expect(codes(validateRequest(two, 'zones'))).toEqual(['variance_kind_count_error']);
    expect(validateRequest({ zone_count: 2, variance: { stop_count_variance: 1 } }, 'zones')).toEqual([]);
  });

  it('rejects a job placed twice', () => {
    const body = {
      jobs: [{ id: 'j', location: A }],
      routes: [
        { id: 'r', jobs: ['j', 'j'] },
        { id: 's', jobs: ['j'] },
      ],
    };
    expect(validateRequest(body, 'sequence').map((fault) => fault.property)).toEqual([
      'request.routes[0].jobs[1]',
      'request.routes[1].jobs[0]',
    ]);
  });

  it('accepts a full-request response that lists jobs in both jobs and stops', () => {
    const body = {
      jobs: [{ id: 'j', location: A }],
      routes: [{ id: 'r', date: '2016-01-18T00:00:00', jobs: ['j'], stops: [{ id: 'j', type: 'job', job: 'j', time_to: '00:10:00' }] }],
    };
    expect(validateRequest(body, 'evaluate')).toEqual([]);
  });

  it('needs legal break settings and instantiate earliest dates', () => {
    expect(codes(validateRequest({ settings: { enable_legal_breaks: true, legal_break_duration: '00:30' } }, 'build'))).toEqual([
      'required_property_missing_error',
    ]);
    const schedules = { schedules: [{ id: 's', type: 'daily' }] };
    expect(validateRequest(schedules, 'instantiate')).toEqual([
      expect.objectContaining({ property: 'request.schedules[0].earliest_date', code: 'required_property_missing_error' }),
    ]);
  });
});

describe('problem size', () => {
  it('refuses more than MAX_PROBLEM_ENTITIES entities, inline route jobs counted, with one fault', () => {
    // The route counts too: jobs + 1 route + 2 inline jobs = the limit + 1.
    const jobs = Array.from({ length: MAX_PROBLEM_ENTITIES - 2 }, (_, i) => ({ id: `j${i}`, location: '47.6, -122.3' }));
    const body = {
      jobs,
      routes: [
        {
          id: 'r',
          jobs: [
            { id: 'inline-1', location: '47.6, -122.3' },
            { id: 'inline-2', location: '47.6, -122.3' },
          ],
        },
      ],
    };
    expect(validateRequest(body, 'canonicalize')).toEqual([
      expect.objectContaining({ property: 'request', code: 'too_many_items_error', parameters: { maximum: MAX_PROBLEM_ENTITIES } }),
    ]);
    body.routes[0]!.jobs.pop();
    expect(validateRequest(body, 'canonicalize')).toEqual([]);
  });
});

describe('code table', () => {
  it('is written to model/VALIDATION_CODES.md', () => {
    const file = readFileSync(join(process.cwd(), 'model', 'VALIDATION_CODES.md'), 'utf8');
    expect(file).toBe(validationCodesMarkdown());
  });

  it('includes the four interface codes', () => {
    for (const code of [
      'job_location_missing_error',
      'route_dates_mismatch_error',
      'routes_with_schedules_must_have_dates_error',
      'null_value_error',
    ]) {
      expect(VALIDATION_CODES).toHaveProperty(code);
    }
  });
});
