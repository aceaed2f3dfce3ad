import type { ResolvedProblem, ResolvedRoute } from '../../model/resolve.js';
import type { TravelOptions } from '../../geo/travel.js';

/**
 * How a route's vehicle travels: the profile from
 * `vehicle_type` (route, else its vehicle; `truck` or else `auto`), and `allow_ferries`,
 * `allow_toll_roads`, `allow_u_turns` from the route, else its vehicle, else `settings.defaults`,
 * else the profile's own default (all allowed); same-side routing forbids U-turns. A vehicle with
 * `hazmat_load_types` avoids roads closed to dangerous goods. `driving_speed_percentage` is not
 * part of it: the evaluator scales durations itself, so routes at different speeds share travel.
 */
export function routeTravelOptions(problem: ResolvedProblem, route: ResolvedRoute): TravelOptions {
  const vehicle = route.vehicle;
  const defaults = problem.settings.defaults;
  const options: TravelOptions = { vehicleType: (route.vehicle_type ?? vehicle?.vehicle_type) === 'truck' ? 'truck' : 'auto' };
  const allowFerries = route.allow_ferries ?? vehicle?.allow_ferries ?? defaults.allow_ferries;
  const allowTollRoads = route.allow_toll_roads ?? vehicle?.allow_toll_roads ?? defaults.allow_toll_roads;
  const allowUTurns = route.same_side_routing === true ? false : (route.allow_u_turns ?? vehicle?.allow_u_turns ?? defaults.allow_u_turns);
  if (allowFerries === false) options.allowFerries = false;
  if (allowTollRoads === false) options.allowTollRoads = false;
  if (allowUTurns === false) options.allowUTurns = false;
  if ((vehicle?.hazmat_load_types?.length ?? 0) > 0) options.hazmat = true;
  return options;
}
