import type { ResolvedMarker, ResolvedProblem, ResolvedRoute } from '../../model/resolve.js';

/** Documented defaults (design.md §6, notes §2.2). */
export const defaultCostPerKm = 0.07677;
export const defaultCostPerHour = 10;

/** A route's effective settings: its own value, else its driver's/vehicle's, else the problem defaults. */
export interface RouteSettings {
  start: ResolvedMarker | undefined;
  end: ResolvedMarker | undefined;
  /** Seconds from the route's midnight. */
  startTime: number;
  endTime: number | undefined;
  startStem: boolean;
  endStem: boolean;
  costPerKm: number;
  costPerHour: number;
  fixedCost: number;
  /** Multiplies provider speeds: route (or defaults) × vehicle, in percent. */
  speedPercentage: number;
}

export function routeSettings(problem: ResolvedProblem, route: ResolvedRoute): RouteSettings {
  const defaults = problem.settings.defaults;
  const driver = route.driver;
  const vehicle = route.vehicle;
  const start =
    route.start_location ?? route.location ?? route.start_depot?.location ?? route.depot?.location ??
    driver?.start_location ?? driver?.location ?? vehicle?.depot?.location ?? vehicle?.location;
  const end =
    route.end_location ?? route.location ?? route.end_depot?.location ?? route.depot?.location ??
    driver?.end_location ?? driver?.location ?? vehicle?.depot?.location ?? vehicle?.location;
  return {
    start,
    end,
    startTime: route.start_time ?? defaults.start_time ?? 0,
    endTime: route.end_time ?? defaults.end_time,
    startStem: route.enable_start_stem_time ?? defaults.enable_start_stem_time ?? true,
    endStem: route.enable_end_stem_time ?? defaults.enable_end_stem_time ?? true,
    costPerKm: route.cost_per_km ?? vehicle?.cost_per_km ?? defaults.cost_per_km ?? defaultCostPerKm,
    costPerHour: route.cost_per_hour ?? driver?.cost_per_hour ?? defaults.cost_per_hour ?? defaultCostPerHour,
    fixedCost: route.fixed_cost ?? vehicle?.fixed_cost ?? 0,
    speedPercentage: ((route.driving_speed_percentage ?? defaults.driving_speed_percentage ?? 100) * (vehicle?.driving_speed_percentage ?? 100)) / 100,
  };
}
