import type { ApiPorts } from '../api/context.js';
import { routeCardDrawer } from '../cards/route-cards.js';
import { configuredRoadGraph, loadTravelProvider } from '../geo/configured-provider.js';
import type { RoadGraph } from '../geo/road/road-graph.js';
import { roadLinesIn } from '../geo/road/road-lines.js';
import type { PathProvider } from '../geo/travel.js';
import type { Config } from '../runtime/config.js';

/**
 * The API's ports on this deployment's travel: one provider for path and route cards and the road
 * graph for the planner's map, each loaded on first use (the API starts without reading a map).
 */
export function apiPorts(config: Config): ApiPorts {
  let provider: PathProvider | undefined;
  const travel = (): PathProvider => (provider ??= loadTravelProvider(config.travel));
  // null: not looked up yet; undefined: travel uses no road map.
  let graph: RoadGraph | undefined | null = null;
  const roads = (): RoadGraph | undefined => (graph === null ? (graph = configuredRoadGraph(config.travel)) : graph);
  return {
    travel,
    roadLines: (box, maxPoints) => {
      const loaded = roads();
      return loaded && { ...roadLinesIn(loaded.network, box, maxPoints), attribution: loaded.meta.attribution };
    },
    routeCards: routeCardDrawer(travel),
  };
}
