import type { ResolvedProblem, ResolvedRoute } from '../../model/resolve.js';
import { travelOptionsKey } from '../../geo/travel.js';
import { centroidPull } from '../evaluate/centroid-pull.js';
import { loadMetrics, routeCapacities } from '../evaluate/loads.js';
import type { RouteSettings } from '../evaluate/route-settings.js';
import { routeTravelOptions } from '../evaluate/travel-class.js';
import type { TravelTable } from '../evaluate/travel-table.js';

/**
 * Groups routes the evaluator cannot tell apart by cost or rules: same start and end places and
 * depots, date, hours, limits, breaks, rates, speed, travel class and capacities, refused by the
 * same jobs, and no centroid pull of their own. Each group becomes one vehicle type with a count,
 * so the core may give a group's jobs to any of its routes: it can then split a route into a free
 * one of the same type, and prices one empty route per group instead of every empty route (a fleet
 * of 250 equal vans is 1 type, not 250). Groups are in order of their first route; each holds
 * route positions in order.
 */
export function routeClasses(
  problem: ResolvedProblem,
  travel: TravelTable,
  routes: readonly ResolvedRoute[],
  settings: readonly RouteSettings[],
  refused: readonly (readonly number[])[],
): number[][] {
  const metrics = loadMetrics(problem);
  const classes: number[][] = [];
  const byKey = new Map<string, number[][]>();
  routes.forEach((route, r) => {
    if (centroidPull(problem, route) !== undefined) {
      classes.push([r]);
      return;
    }
    const key = settingsKey(problem, travel, route, settings[r]!, metrics);
    const candidates = byKey.get(key) ?? [];
    byKey.set(key, candidates);
    const same = candidates.find((group) => sameList(refused[group[0]!]!, refused[r]!));
    if (same !== undefined) {
      same.push(r);
      return;
    }
    const group = [r];
    candidates.push(group);
    classes.push(group);
  });
  return classes;
}

function settingsKey(
  problem: ResolvedProblem,
  travel: TravelTable,
  route: ResolvedRoute,
  s: RouteSettings,
  metrics: Map<string, number>,
): string {
  const { start, end, startDepot, endDepot, ...rest } = s;
  return JSON.stringify([
    start === undefined ? -1 : travel.indexOf(start.location),
    end === undefined ? -1 : travel.indexOf(end.location),
    startDepot?.id ?? null,
    endDepot?.id ?? null,
    route.date ?? null,
    travelOptionsKey(routeTravelOptions(problem, route)),
    Array.from(routeCapacities(route, metrics)),
    rest,
  ]);
}

function sameList(a: readonly number[], b: readonly number[]): boolean {
  return a.length === b.length && a.every((value, i) => value === b[i]);
}
