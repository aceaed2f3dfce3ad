import { formatDate } from '../../model/formats/date.js';
import type { ResolvedDriver, ResolvedProblem, ResolvedShift } from '../../model/resolve.js';
import { ShiftFields } from '../../model/types/fleet.js';
import { daysOf, type DayRange } from './day-range.js';
import { driverShiftsOn } from './driver-shifts.js';
import type { IdAllocator } from './id-allocator.js';
import { intervalsOverlap, workingInterval, type WorkingInterval } from './working-interval.js';

type JsonObject = Record<string, unknown>;

/** Every shift field but its name goes onto the route as written in the request (the name goes into the route's name). */
const COPIED_SHIFT_FIELDS = Object.keys(ShiftFields).filter((field) => field !== 'name');

/**
 * The working time each driver already has. A driver with an undated route counts as taken on
 * every day: no dated route is added next to it.
 */
function driverCommitments(problem: ResolvedProblem): { busy: Map<string, WorkingInterval[]>; undated: Set<string> } {
  const busy = new Map<string, WorkingInterval[]>(problem.drivers.map((driver) => [driver.id, []]));
  const undated = new Set<string>();
  for (const route of problem.routes) {
    if (route.driver === undefined) continue;
    if (route.date === undefined) undated.add(route.driver.id);
    else busy.get(route.driver.id)!.push(workingInterval(route, route.date, problem.settings.defaults));
  }
  return { busy, undated };
}

function newRoute(driver: ResolvedDriver, shift: ResolvedShift, dayNumber: number, requestShift: JsonObject, ids: IdAllocator): JsonObject {
  const date = formatDate(dayNumber);
  const route: JsonObject = {
    id: ids.allocate(`${driver.id}_${date}_${shift.id}`),
    name: `${driver.name ?? driver.id} ${date} ${shift.name ?? shift.id}`,
  };
  for (const field of COPIED_SHIFT_FIELDS) {
    if (requestShift[field] !== undefined) route[field] = structuredClone(requestShift[field]);
  }
  route.date = date;
  route.driver = driver.id;
  return route;
}

/**
 * One empty dated route per shift a driver works on each day of the window (day by day, drivers
 * and shifts in request order), skipping a shift whose working time overlaps a route the driver
 * already has, in the request or made earlier in this pass.
 */
export function instantiateRoutes(
  problem: ResolvedProblem,
  canonicalRequest: JsonObject,
  window: DayRange,
  ids: IdAllocator,
): JsonObject[] {
  const requestShifts = new Map<string, JsonObject>(
    ((canonicalRequest.shifts as JsonObject[] | undefined) ?? []).map((shift) => [shift.id as string, shift]),
  );
  const { busy, undated } = driverCommitments(problem);
  const routes: JsonObject[] = [];
  for (const dayNumber of daysOf(window)) {
    for (const driver of problem.drivers) {
      if (undated.has(driver.id)) continue;
      const taken = busy.get(driver.id)!;
      for (const shift of driverShiftsOn(driver, problem.shift_overrides, dayNumber)) {
        const interval = workingInterval(shift, dayNumber, problem.settings.defaults);
        if (taken.some((other) => intervalsOverlap(interval, other))) continue;
        taken.push(interval);
        routes.push(newRoute(driver, shift, dayNumber, requestShifts.get(shift.id)!, ids));
      }
    }
  }
  return routes;
}
