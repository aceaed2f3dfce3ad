/**
 * Every validation code the service emits. The list is closed: tests check that each emitted code is
 * here, and VALIDATION_CODES.md is this table. The first four are the codes of the interface.
 */
export const VALIDATION_CODES = {
  job_location_missing_error:
    'A job has no location (routing operations). Property `request.jobs[i].location`, numbered in the canonical jobs collection; parameters.property_name = "location".',
  route_dates_mismatch_error: 'Some routes have a date and others do not. Property `request`.',
  routes_with_schedules_must_have_dates_error: 'The request has schedules but not every route has a date. Property `request`.',
  null_value_error: 'A property that must not be null is null.',
  invalid_json_error: 'The body is not valid JSON (reported by the HTTP layer, with line and position).',
  invalid_type_error: 'Wrong JSON type; parameters.expected lists the accepted types.',
  required_property_missing_error: 'A required property is absent; parameters.property_name names it.',
  empty_string_error: 'An id or other required text is the empty string.',
  invalid_enum_value_error: 'The value is not one of parameters.allowed.',
  invalid_timespan_error: 'Not a timespan `[-][d.]hh:mm[:ss[.fff]]`.',
  invalid_date_error: 'Not a calendar date `YYYY-MM-DD` (month and day may be unpadded).',
  invalid_datetime_error: 'Not a zone-less datetime `YYYY-MM-DDTHH:MM[:SS[.fff]]`.',
  invalid_latlon_error: 'Not a `"lat, lon"` string, or latitude outside [-90, 90] / longitude outside [-180, 180].',
  value_out_of_range_error: 'A number (or a timespan that must not be negative) is outside parameters.minimum..maximum.',
  too_few_items_error: 'An array has fewer than parameters.minimum items.',
  too_many_items_error: 'An array has more than parameters.maximum items.',
  duplicate_id_error: 'An id is used by two entities; ids are unique across all entity types. parameters.id, parameters.first_property.',
  marker_id_is_latlon_error: 'A marker id parses as a latlon, so it could never be referenced.',
  reference_not_found_error: 'An id reference names no entity of the expected collection. parameters.id, parameters.collection.',
  mutually_exclusive_properties_error: 'Two properties that exclude each other are both set; parameters.property_names.',
  schedule_job_date_fields_error: 'A job that belongs to a schedule sets date fields; its dates come from the schedule.',
  duplicate_load_metric_error: 'A metric appears twice in one loads / load_capacities array.',
  too_many_capacity_metrics_error: 'The request uses more than 4 distinct capacity metrics. Property `request`.',
  polygon_too_few_vertices_error: 'A polygon has fewer than 4 vertices.',
  polygon_not_closed_error: 'A polygon does not end at its first vertex.',
  polygon_repeated_vertex_error: 'A polygon repeats a vertex other than closing on the first.',
  polygon_self_intersection_error: 'Two edges of a polygon cross.',
  range_end_before_start_error: 'A range ends before it starts (time window, date range, break start window).',
  explicit_vehicles_conflict_error:
    'settings.enable_explicit_vehicles contradicts the request: false while vehicles exist, or true while routes carry inline vehicle fields.',
  variance_kind_count_error: 'A variance sets no kind or more than one.',
  job_on_multiple_routes_error: 'A job is placed twice: on two routes, or twice on one route.',
  string_too_long_error: 'A text is longer than parameters.maximum characters (e.g. a geocoding query).',
  nesting_too_deep_error: 'The body nests arrays and objects deeper than parameters.maximum levels; property: where the limit is crossed.',
  invalid_character_error: 'A text (value or property name) holds a NUL character, which no id, name or address may contain.',
  unsupported_operation_error: "The operation has no request schema (a server fault, not the client's).",
} as const;

export type ValidationCode = keyof typeof VALIDATION_CODES;

/** At most this many faults are reported; validation stops looking once it has them. */
export const MAX_VALIDATION_FAULTS = 100;

export function validationCodesMarkdown(): string {
  const rows = Object.entries(VALIDATION_CODES).map(([code, description]) => `| \`${code}\` | ${description} |`);
  return [
    '# Validation codes',
    '',
    'Generated from `model/validation/codes.ts` (`validationCodesMarkdown()`); a test keeps this file in step.',
    'Every fault is `{property, code, message, parameters?, attempted_value?}`; `property` is a dotted path rooted at `request`.',
    'Entities given inline are reported at their place in the canonical top-level collection (`request.jobs[2]...`).',
    'Unknown properties are ignored (the reference API accepts calculated response fields on input).',
    '',
    '| code | when |',
    '|---|---|',
    ...rows,
    '',
  ].join('\n');
}
