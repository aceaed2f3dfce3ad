import { buildRouteCards } from '../../cards/route-cards.js';
import type { RouteCard } from '../../cards/card-data.js';
import { loadTravelProvider, type PathProvider } from '../../geo/configured-provider.js';
import { resolveProblem, validateRequest } from '../../model/index.js';

/** Straight-line travel: the unit tests need no road graph; the e2e tests draw roads. */
export const straightLines: PathProvider = loadTravelProvider({ provider: 'straight_line', map: undefined, mapsDir: '' });

/** The cards of every route of a request, after the same validation the API runs. */
export async function cardsOf(request: Record<string, unknown>, provider: PathProvider = straightLines): Promise<RouteCard[]> {
  const faults = validateRequest(request, 'evaluate');
  if (faults.length > 0) throw new Error(`fixture is invalid: ${JSON.stringify(faults)}`);
  const problem = resolveProblem(request, 'evaluate');
  return buildRouteCards(problem, provider, problem.routes);
}
