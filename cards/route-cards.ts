import { operations } from '../engine/operations/registry.js';
import type { PathProvider } from '../geo/travel.js';
import { validateRequest } from '../model/index.js';
import type { ResolvedProblem, ResolvedRoute } from '../model/resolve.js';
import type { ValidationFault } from '../model/validation/faults.js';
import { cardStops, routeCard, type RouteCard } from './card-data.js';
import { CardFormat, isSupportedLocale } from './card-format.js';
import { routeCardsHtml } from './html-document.js';
import { routeLine } from './route-line.js';

/**
 * What is wrong with a route cards request. The route_cards schema does not ask for routing data,
 * but the cards evaluate the routes, which needs job locations and consistent route dates:
 * evaluate's rules add those once the request is otherwise sound.
 */
export function routeCardsFaults(body: unknown): ValidationFault[] {
  const faults = validateRequest(body, 'route_cards');
  return faults.length > 0 ? faults : validateRequest(body, 'evaluate');
}

/** The routes a selection names, in the problem's order; every route when nothing is named. */
export function selectedRoutes(problem: ResolvedProblem, ids: readonly string[]): { routes: ResolvedRoute[]; unknown: string[] } {
  if (ids.length === 0) return { routes: problem.routes, unknown: [] };
  const known = new Set(problem.routes.map((route) => route.id));
  return { routes: problem.routes.filter((route) => ids.includes(route.id)), unknown: ids.filter((id) => !known.has(id)) };
}

/**
 * Evaluates a problem's routes with their job order kept (as the evaluate operation does) and
 * makes a card of each selected route, its map line drawn by the provider.
 */
export async function buildRouteCards(
  problem: ResolvedProblem,
  provider: PathProvider,
  selected: readonly ResolvedRoute[],
): Promise<RouteCard[]> {
  const responses = await operations.route_cards.run(problem, provider);
  const cards: RouteCard[] = [];
  for (const route of selected) {
    const response = responses[problem.routes.indexOf(route)]!;
    const stops = cardStops(problem, response);
    cards.push(routeCard(route, response, stops, await routeLine(route, stops, provider)));
  }
  return cards;
}

/**
 * Route cards for a server: the checks of a request, and the cards of its routes drawn on the
 * travel that `travel` gives, as card data (`{ route_cards }`), an HTML document or a PDF.
 */
export function routeCardDrawer(travel: () => PathProvider) {
  return {
    supportsLocale: isSupportedLocale,
    faults: routeCardsFaults,
    select: selectedRoutes,
    async draw(
      problem: ResolvedProblem,
      routes: readonly ResolvedRoute[],
      locale: string,
      representation: 'application/json' | 'text/html' | 'application/pdf',
    ): Promise<unknown> {
      const cards = await buildRouteCards(problem, travel(), routes);
      if (representation === 'application/json') return { route_cards: cards };
      const format = new CardFormat(locale);
      if (representation === 'text/html') return routeCardsHtml(cards, format);
      // The PDF writer and its fonts take a large share of a server's start to load: only a PDF loads them.
      const { routeCardsPdf } = await import('./pdf-document.js');
      return routeCardsPdf(cards, format);
    },
  };
}
