import type { ResolvedDepot, ResolvedDriverBreak, ResolvedMarker, ResolvedProblem, ResolvedRoute } from '../../model/resolve.js';

/** The defaults the compatible API documents for cost per km and per hour and for multi-day trips. */
export const defaultCostPerKm = 0.07677;
export const defaultCostPerHour = 10;
const defaultMaxMultidayDays = 1;

/** A route's effective settings: its own value, else its driver's/vehicle's, else the problem defaults. */
export interface RouteSettings {
  start: ResolvedMarker | undefined;
  end: ResolvedMarker | undefined;
  /** The depot entities behind start and end (their id and custom go on the depot stops). */
  startDepot: ResolvedDepot | undefined;
  endDepot: ResolvedDepot | undefined;
  /** Seconds from the route's midnight. */
  startTime: number;
  endTime: number | undefined;
  optimizeStartTime: boolean;
  startStem: boolean;
  endStem: boolean;
  maxWorkingTime: number | undefined;
  normalWorkingTime: number | undefined;
  maxDrivingTime: number | undefined;
  maxJobs: number | undefined;
  costPerKm: number;
  costPerHour: number;
  /** Rate beyond normal_working_time: the driver's overtime rate, else the normal rate. */
  overtimeCostPerHour: number;
  fixedCost: number;
  /** Multiplies provider speeds: route (or defaults) × vehicle, in percent. */
  speedPercentage: number;
  /** route.breaks; empty in legal-break mode, which replaces them. */
  breaks: readonly ResolvedDriverBreak[];
  breaksRelativeToStart: boolean;
  legalBreaks: { duration: number; interval: number } | undefined;
  maxMultidayDays: number;
}

function startDepotOf(route: ResolvedRoute): ResolvedDepot | undefined {
  return route.start_depot ?? route.depot ?? route.vehicle?.depot;
}

function endDepotOf(route: ResolvedRoute): ResolvedDepot | undefined {
  return route.end_depot ?? route.depot ?? route.vehicle?.depot;
}

export function routeSettings(problem: ResolvedProblem, route: ResolvedRoute): RouteSettings {
  const settings = problem.settings;
  const defaults = settings.defaults;
  const driver = route.driver;
  const vehicle = route.vehicle;
  const startDepot = startDepotOf(route);
  const endDepot = endDepotOf(route);
  const start =
    route.start_location ??
    route.location ??
    route.start_depot?.location ??
    route.depot?.location ??
    driver?.start_location ??
    driver?.location ??
    vehicle?.depot?.location ??
    vehicle?.location;
  const end =
    route.end_location ??
    route.location ??
    route.end_depot?.location ??
    route.depot?.location ??
    driver?.end_location ??
    driver?.location ??
    vehicle?.depot?.location ??
    vehicle?.location;
  const costPerHour = route.cost_per_hour ?? driver?.cost_per_hour ?? defaults.cost_per_hour ?? defaultCostPerHour;
  const legal =
    settings.enable_legal_breaks === true && settings.legal_break_duration !== undefined && settings.legal_break_interval !== undefined;
  return {
    start,
    end,
    // A depot stop names its depot only when the stop is at that depot's location.
    startDepot: startDepot?.location !== undefined && startDepot.location === start ? startDepot : undefined,
    endDepot: endDepot?.location !== undefined && endDepot.location === end ? endDepot : undefined,
    startTime: route.start_time ?? defaults.start_time ?? 0,
    endTime: route.end_time ?? defaults.end_time,
    optimizeStartTime: route.optimize_start_time ?? defaults.optimize_start_time ?? false,
    startStem: route.enable_start_stem_time ?? defaults.enable_start_stem_time ?? true,
    endStem: route.enable_end_stem_time ?? defaults.enable_end_stem_time ?? true,
    maxWorkingTime: route.max_working_time ?? defaults.max_working_time,
    normalWorkingTime: route.normal_working_time ?? defaults.normal_working_time,
    maxDrivingTime: route.max_driving_time ?? defaults.max_driving_time,
    maxJobs: route.max_jobs_on_route,
    costPerKm: route.cost_per_km ?? vehicle?.cost_per_km ?? defaults.cost_per_km ?? defaultCostPerKm,
    costPerHour,
    overtimeCostPerHour: driver?.overtime_cost_per_hour ?? costPerHour,
    fixedCost: route.fixed_cost ?? vehicle?.fixed_cost ?? 0,
    speedPercentage:
      ((route.driving_speed_percentage ?? defaults.driving_speed_percentage ?? 100) * (vehicle?.driving_speed_percentage ?? 100)) / 100,
    breaks: legal ? [] : (route.breaks ?? []),
    breaksRelativeToStart: route.breaks_relative_to_start ?? false,
    legalBreaks: legal ? { duration: settings.legal_break_duration!, interval: settings.legal_break_interval! } : undefined,
    maxMultidayDays: driver?.max_multiday_days ?? defaults.max_multiday_days ?? defaultMaxMultidayDays,
  };
}
