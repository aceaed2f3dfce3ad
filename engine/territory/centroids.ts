import { echoCanonical } from '../../model/echo.js';
import type { JsonObject } from '../../model/json.js';
import type { ResolvedProblem } from '../../model/resolve.js';
import type { Driver } from '../../model/types/fleet.js';
import { jobTimeOnSite } from '../evaluate/time-windows.js';
import { balancedCentroids } from './balanced-centroids.js';
import { eligibleDrivers } from './driver-eligibility.js';

const KM_PER_DEGREE = 6371.0088 * (Math.PI / 180);
/** Workload of a stop beyond its time on site: the drive to it, so stops without a time on site still count. */
const DRIVE_PER_STOP_SECONDS = 300;

export interface CentroidsResponse {
  drivers: Driver[];
}

/**
 * `centroids`: one centroid per request driver near the jobs it may serve
 * (driver-eligibility.ts), spread over the jobs, drawn to dense areas and balanced in workload
 * (time on site + 5 minutes per stop), starting from the centroids the drivers already have. The
 * answer is the request's drivers (canonical form) with `centroid` set to a "lat,lon"; a driver
 * that may serve no job keeps what it had. With return_request, the whole canonical request with
 * those drivers.
 */
export function centroids(problem: ResolvedProblem, canonical: JsonObject): CentroidsResponse | Record<string, unknown> {
  const jobs = problem.jobs.filter((job) => job.location !== undefined);
  const drivers = problem.drivers;
  const lat0 = jobs.length === 0 ? 0 : jobs.reduce((sum, job) => sum + job.location!.location.lat, 0) / jobs.length;
  const eastPerDegree = KM_PER_DEGREE * Math.cos((lat0 * Math.PI) / 180);
  const seeds = drivers.map((driver) => driver.centroid?.location);
  const eligible = eligibleDrivers(problem, drivers, jobs);
  const serves = new Uint8Array(drivers.length);
  for (const allowed of eligible) for (const d of allowed) serves[d] = 1;
  const result = balancedCentroids({
    x: Float64Array.from(jobs, (job) => job.location!.location.lon * eastPerDegree),
    y: Float64Array.from(jobs, (job) => job.location!.location.lat * KM_PER_DEGREE),
    workload: Float64Array.from(jobs, (job) => jobTimeOnSite(job) + DRIVE_PER_STOP_SECONDS),
    eligible,
    driverCount: drivers.length,
    seedX: Float64Array.from(seeds, (seed) => (seed === undefined ? NaN : seed.lon * eastPerDegree)),
    seedY: Float64Array.from(seeds, (seed) => (seed === undefined ? NaN : seed.lat * KM_PER_DEGREE)),
  });
  const echo = echoCanonical(canonical) as JsonObject & { drivers?: Driver[] };
  const placed = (echo.drivers ?? []).map((driver) => {
    const d = drivers.findIndex((resolved) => resolved.id === driver.id);
    if (d < 0 || !serves[d]) return driver;
    const lat = result.y[d]! / KM_PER_DEGREE;
    const lon = result.x[d]! / eastPerDegree;
    return { ...driver, centroid: `${lat.toFixed(6)},${lon.toFixed(6)}` };
  });
  return problem.return_request ? { ...echo, drivers: placed } : { drivers: placed };
}
