import { canonicalize } from './canonical.js';
import { formatDate, parseDate } from './formats/date.js';
import { isJsonObject, type JsonObject } from './json.js';
import type { OperationName } from './operations.js';

/**
 * The request as a full (return_request) response echoes it: canonical, so latlons
 * and timespans are in their wire form, and each route's `date` in the datetime form
 * `YYYY-MM-DDT00:00:00` the compatible API prints. Dates parse either way, so the echo can be sent
 * back as a request.
 */
export function echoRequest(request: unknown, operation: OperationName): JsonObject {
  return echoCanonical(canonicalize(request, operation) as JsonObject);
}

/** echoRequest of a request already in canonical form; a new object, `canonical` stays as it was. */
export function echoCanonical(canonical: JsonObject): JsonObject {
  if (!Array.isArray(canonical.routes)) return { ...canonical };
  const routes = canonical.routes.map((route: unknown) => {
    if (!isJsonObject(route) || typeof route.date !== 'string') return route;
    const day = parseDate(route.date);
    return day === undefined ? route : { ...route, date: `${formatDate(day)}T00:00:00` };
  });
  return { ...canonical, routes };
}
