import type { ResolvedProblem, ResolvedRoute, ResolvedVehicle } from '../../model/resolve.js';

/** Explicit vehicles: on unless settings turn them off, by default when the problem has vehicles. */
function explicitVehicles(problem: ResolvedProblem): boolean {
  return problem.settings.enable_explicit_vehicles ?? problem.vehicles.length > 0;
}

/** The problem with other route objects in place of some of its routes. */
function withRoutes(problem: ResolvedProblem, replaced: ReadonlyMap<ResolvedRoute, ResolvedRoute>): ResolvedProblem {
  if (replaced.size === 0) return problem;
  const routes = problem.routes.map((route) => replaced.get(route) ?? route);
  return { ...problem, routes, routesById: new Map(routes.map((route) => [route.id, route])) };
}

function capacityTotal(vehicle: ResolvedVehicle): number {
  return (vehicle.load_capacity ?? 0) + (vehicle.load_capacities ?? []).reduce((sum, amount) => sum + amount.amount, 0);
}

/** Vehicles in order of preference: those most jobs require attributes of, the largest, the cheapest. */
function preferenceOrder(problem: ResolvedProblem): ResolvedVehicle[] {
  const fits = (vehicle: ResolvedVehicle): number =>
    problem.jobs.filter(
      (job) =>
        (job.required_vehicle_attributes ?? []).length > 0 &&
        job.required_vehicle_attributes!.every((a) => (vehicle.attributes ?? []).includes(a)),
    ).length;
  const scored = problem.vehicles.map((vehicle, index) => ({
    vehicle,
    index,
    fits: fits(vehicle),
    capacity: capacityTotal(vehicle),
    cost: vehicle.fixed_cost ?? 0,
  }));
  scored.sort((a, b) => b.fits - a.fits || b.capacity - a.capacity || a.cost - b.cost || a.index - b.index);
  return scored.map((entry) => entry.vehicle);
}

function drives(vehicle: ResolvedVehicle, route: ResolvedRoute): boolean {
  return (vehicle.required_driver_attributes ?? []).every((a) => (route.driver?.attributes ?? []).includes(a));
}

/**
 * Vehicles for build's routes that have none, when explicit vehicles are on (build
 * chooses them; a driver's preferred vehicle is always used). Among the routes of one day (the
 * undated routes count as one day), a vehicle serves one route: routes first keep their own, then
 * take their driver's preferred vehicle, then the most wanted free vehicle their driver may drive
 * (the one the most attribute-bound jobs can ride in, then the largest, then the cheapest). A route
 * left without one serves nothing (route_has_no_vehicle). It runs before travel is computed (a
 * vehicle may bring its own depot and travel class); build, which plans the result, keeps a
 * route's vehicle even when the route ends up empty. Applying it twice changes nothing.
 */
export function assignVehicles(problem: ResolvedProblem): ResolvedProblem {
  if (!explicitVehicles(problem) || problem.routes.every((route) => route.vehicle !== undefined)) return problem;
  const preferred = preferenceOrder(problem);
  const taken = new Map<number | undefined, Set<ResolvedVehicle>>();
  const takenOn = (route: ResolvedRoute): Set<ResolvedVehicle> => {
    let set = taken.get(route.date);
    if (set === undefined) taken.set(route.date, (set = new Set()));
    return set;
  };
  for (const route of problem.routes) if (route.vehicle !== undefined) takenOn(route).add(route.vehicle);
  const replaced = new Map<ResolvedRoute, ResolvedRoute>();
  for (const route of problem.routes) {
    const own = route.driver?.preferred_vehicle;
    if (route.vehicle !== undefined || own === undefined) continue;
    takenOn(route).add(own);
    replaced.set(route, { ...route, vehicle: own });
  }
  for (const route of problem.routes) {
    if (route.vehicle !== undefined || replaced.has(route)) continue;
    const day = takenOn(route);
    const vehicle = preferred.find((candidate) => !day.has(candidate) && drives(candidate, route));
    if (vehicle === undefined) continue;
    day.add(vehicle);
    replaced.set(route, { ...route, vehicle });
  }
  return withRoutes(problem, replaced);
}
