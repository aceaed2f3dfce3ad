export { canonicalize } from './canonical.js';
export { echoCustom, echoStopCustom, withEchoedCustom } from './custom.js';
export {
  DAYS_OF_WEEK,
  civilFromDayNumber,
  dayNumberFromCivil,
  dayOfWeek,
  daysInMonth,
  formatDate,
  formatDatetime,
  isLeapYear,
  parseDate,
  parseDatetime,
  type CivilDate,
  type DayOfWeek,
} from './formats/date.js';
export { formatTimespan, parseTimespan } from './formats/timespan.js';
export { formatLatLon, parseLatLon, parseLatLonDetailed, type LatLon, type LatLonFault, type LatLonParse } from './latlon.js';
export { buildOpenApiDocument } from './openapi.js';
export { OPERATIONS, isOperationName, type OperationDefinition, type OperationName } from './operations.js';
export { polygonFault, type PolygonFault } from './polygon.js';
export * from './resolve.js';
export { MAX_PROBLEM_ENTITIES } from './validation/problem-size.js';
export { MAX_VALIDATION_FAULTS, VALIDATION_CODES, validationCodesMarkdown, type ValidationCode } from './validation/codes.js';
export type { ValidationFault } from './validation/faults.js';
export { validateRequest } from './validation/validate.js';
export * from './types/capacity.js';
export * from './types/common.js';
export * from './types/fleet.js';
export * from './types/geo-requests.js';
export * from './types/job.js';
export * from './types/marker.js';
export * from './types/meta.js';
export * from './types/problem.js';
export * from './types/responses.js';
export * from './types/route.js';
export * from './types/schedule.js';
export { ENTITY_COLLECTIONS, type EntityCollection } from './types/schema.js';
export * from './types/settings.js';
export * from './types/violation.js';
