import type { FastifyInstance } from 'fastify';
import type { GeoBox } from '../../model/map-view.js';
import type { ApiContext } from '../context.js';
import { ValidationFailedError } from '../errors.js';
import { errorResponse, okResponse, query } from '../openapi/describe.js';
import { resource } from '../resource.js';

/** Enough for a city centre at full detail; a larger box answers `truncated: true`. */
const maxPoints = 400_000;

function parseBox(text: unknown): GeoBox {
  const parts = typeof text === 'string' ? text.split(',').map(Number) : [];
  const [west, south, east, north] = parts;
  const valid =
    parts.length === 4 &&
    parts.every(Number.isFinite) &&
    south! >= -90 &&
    north! <= 90 &&
    west! >= -180 &&
    east! <= 180 &&
    south! <= north! &&
    west! <= east!;
  if (!valid) {
    throw new ValidationFailedError([
      {
        property: 'bbox',
        code: 'value_out_of_range_error',
        message: 'bbox must be west,south,east,north in degrees (west ≤ east, south ≤ north).',
        attempted_value: text,
      },
    ]);
  }
  return { west: west!, south: south!, east: east!, north: north! };
}

/**
 * `GET /v1/map/roads?bbox=west,south,east,north`: the configured map's road segments in the box,
 * so that a client draws the network its routes drive on without a tile server. Without a road
 * map (straight-line or HTTP travel) the list is empty.
 */
export function roadMapRoutes(app: FastifyInstance, ctx: ApiContext): void {
  resource(app, '/v1/map/roads', {
    GET: {
      doc: {
        operationId: 'map_roads',
        tags: ['map'],
        parameters: [query('bbox', { type: 'string' }, true, 'west,south,east,north in degrees.')],
        responses: {
          '200': okResponse('Road segments of the configured map in the box.', {
            type: 'object',
            required: ['lines', 'truncated'],
            properties: { lines: { type: 'array' }, truncated: { type: 'boolean' }, attribution: { type: 'string' } },
          }),
          default: errorResponse('validation_failed_error on bbox, or any other error.'),
        },
      },
      handler: (request) => {
        const box = parseBox((request.query as { bbox?: unknown }).bbox);
        return ctx.roadLines(box, maxPoints) ?? { lines: [], truncated: false };
      },
    },
  });
}
