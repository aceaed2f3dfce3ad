import { formatLatLon, type LatLon } from '../model/latlon.js';

type JsonObject = Record<string, unknown>;

/** Where the geocoder found a pulled problem's addresses, by job and depot id. */
export interface FoundLocations {
  job: Map<string, LatLon>;
  depot: Map<string, LatLon>;
}

/** An entity with its location written in the model's form. */
function located(entity: JsonObject, point: LatLon): JsonObject {
  return { ...entity, location: formatLatLon(point) };
}

/**
 * A pulled problem with the geocoder's locations written in: jobs and depots get their location,
 * the jobs in `leftOut` (address not found) leave the problem, and a driver of a located depot
 * starts and ends there unless the pull gave it a start of its own (the pull names the depot in
 * `custom.depot` and leaves the location to whoever locates it).
 */
export function withLocations(problem: JsonObject, found: FoundLocations, leftOut: ReadonlySet<string>): JsonObject {
  const jobs = ((problem.jobs as JsonObject[] | undefined) ?? []).flatMap((job) => {
    const id = job.id as string;
    if (leftOut.has(id)) return [];
    const point = found.job.get(id);
    return [point ? located(job, point) : job];
  });
  const depots = ((problem.depots as JsonObject[] | undefined) ?? []).map((depot) => {
    const point = found.depot.get(depot.id as string);
    return point ? located(depot, point) : depot;
  });
  const drivers = ((problem.drivers as JsonObject[] | undefined) ?? []).map((driver) => {
    const depot = (driver.custom as JsonObject | undefined)?.depot;
    const point = typeof depot === 'string' ? found.depot.get(depot) : undefined;
    if (point === undefined || driver.start_location !== undefined) return driver;
    const home = formatLatLon(point);
    return { ...driver, start_location: home, end_location: home };
  });
  return { ...problem, jobs, depots, drivers };
}
