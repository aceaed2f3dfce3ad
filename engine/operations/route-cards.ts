import type { TravelProvider } from '../../geo/travel.js';
import type { ResolvedProblem } from '../../model/resolve.js';
import type { RouteResponse } from '../../model/types/responses.js';
import { evaluateProblem } from '../evaluate/evaluate-problem.js';
import { problemTravelTable } from '../evaluate/problem-travel.js';
import { syncOperation } from './operation.js';

/** The engine's part of route cards: every route of the problem evaluated with its job order kept, as the evaluate operation does. */
async function evaluatedRoutes(problem: ResolvedProblem, provider: TravelProvider): Promise<RouteResponse[]> {
  const travel = await problemTravelTable(problem, provider);
  return evaluateProblem(problem, travel).routes.map((route) => route.response);
}

/** `route_cards` (synchronous): cards/ draws a driver's sheet per route from these route responses. */
export const routeCardsOperation = syncOperation({ name: 'route_cards', travel: 'matrix', run: evaluatedRoutes });
