import { MAX_ROUTE_CARD_JOBS } from '../../model/limits.js';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { resolveProblem } from '../../model/index.js';
import type { ApiContext, CardRepresentation } from '../context.js';
import { ApiError, ValidationFailedError, type ValidationErrorEntry } from '../errors.js';
import { COMMON_ERRORS, operationBody, query } from '../openapi/describe.js';
import { resource } from '../resource.js';
import { requireJsonBody } from './operations.js';

const representations: readonly CardRepresentation[] = ['application/json', 'text/html', 'application/pdf'];

interface RouteCardsQuery {
  route?: string | string[];
  locale?: string;
}

/**
 * The representation the client prefers among ours, by the q-values of `Accept` (RFC 9110
 * §12.5.1); a more specific range wins over a wildcard. No header means JSON.
 */
export function negotiate(accept: string | undefined): CardRepresentation | undefined {
  if (accept === undefined || accept.trim() === '') return 'application/json';
  const ranges = accept.split(',').map((part) => {
    const [range = '', ...parameters] = part.split(';').map((s) => s.trim().toLowerCase());
    const q = parameters.find((p) => p.startsWith('q='));
    return { range, q: q === undefined ? 1 : Number(q.slice(2)) };
  });
  const quality = (type: CardRepresentation): number => {
    const [main] = type.split('/');
    const match =
      ranges.find((r) => r.range === type) ?? ranges.find((r) => r.range === `${main}/*`) ?? ranges.find((r) => r.range === '*/*');
    return match && Number.isFinite(match.q) ? match.q : 0;
  };
  let best: CardRepresentation | undefined;
  for (const type of representations) if (quality(type) > 0 && (best === undefined || quality(type) > quality(best))) best = type;
  return best;
}

function routeIds(query: RouteCardsQuery): string[] {
  if (query.route === undefined) return [];
  return Array.isArray(query.route) ? query.route : [query.route];
}

function representationOf(request: FastifyRequest): CardRepresentation {
  const representation = negotiate(request.headers.accept);
  if (representation === undefined) {
    throw new ApiError(
      406,
      'not_acceptable_error',
      `Route cards are available as ${representations.join(', ')}; the Accept header allows none of them.`,
    );
  }
  return representation;
}

/**
 * `POST /v1/route_cards` (synchronous): evaluates the routes of the body with their job order kept
 * and answers a driver's sheet per route, as JSON card data, an HTML document or a PDF.
 */
export function routeCardRoutes(app: FastifyInstance, ctx: ApiContext): void {
  const drawer = ctx.routeCards;
  resource(app, '/v1/route_cards', {
    POST: {
      doc: {
        operationId: 'route_cards',
        parameters: [
          query('route', { type: 'array', items: { type: 'string' } }, false, 'Only these routes (repeatable); default all.'),
          query('locale', { type: 'string' }, false, 'BCP 47 tag for dates and numbers (default en-US).'),
        ],
        requestBody: operationBody('route_cards'),
        responses: {
          '200': {
            description: "A driver's sheet per route, by content negotiation (Accept): card data, HTML or PDF.",
            content: {
              'application/json': { schema: { type: 'object' } },
              'text/html': { schema: { type: 'string' } },
              'application/pdf': { schema: { type: 'string', format: 'binary' } },
            },
          },
          ...COMMON_ERRORS,
        },
      },
      handler: async (request, reply) => {
        const body = requireJsonBody(request);
        const representation = representationOf(request);
        const query = request.query as RouteCardsQuery;
        const faults: ValidationErrorEntry[] = [];
        const locale = query.locale ?? 'en-US';
        if (!drawer.supportsLocale(locale)) {
          faults.push({
            property: 'locale',
            code: 'invalid_type_error',
            message: 'locale must be a BCP 47 language tag such as en-US.',
            parameters: { expected: ['BCP 47 language tag'] },
            attempted_value: locale,
          });
        }
        faults.push(...drawer.faults(body));
        if (faults.length > 0) throw new ValidationFailedError(faults.slice(0, 100), faults.length);
        const problem = resolveProblem(body, 'evaluate');
        if (problem.routes.length === 0) {
          throw new ValidationFailedError([
            {
              property: 'request.routes',
              code: 'too_few_items_error',
              message: 'Route cards need at least one route.',
              parameters: { minimum: 1 },
            },
          ]);
        }
        if (problem.jobs.length > MAX_ROUTE_CARD_JOBS) {
          throw new ValidationFailedError([
            {
              property: 'request.jobs',
              code: 'too_many_items_error',
              message: `Route cards are drawn for at most ${MAX_ROUTE_CARD_JOBS} jobs.`,
              parameters: { maximum: MAX_ROUTE_CARD_JOBS },
            },
          ]);
        }
        const selection = drawer.select(problem, routeIds(query));
        if (selection.unknown.length > 0) {
          throw new ValidationFailedError(
            selection.unknown.map((id) => ({
              property: 'route',
              code: 'reference_not_found_error',
              message: `The request has no route ${id}.`,
              parameters: { id, collection: 'routes' },
              attempted_value: id,
            })),
          );
        }
        const drawn = await drawer.draw(problem, selection.routes, locale, representation);
        void reply.header('vary', 'Accept');
        switch (representation) {
          case 'text/html':
            return reply.type('text/html; charset=utf-8').send(drawn);
          case 'application/pdf':
            return reply.type('application/pdf').header('content-disposition', 'inline; filename="route-cards.pdf"').send(drawn);
          case 'application/json':
            return drawn;
        }
      },
    },
  });
}
