import type { JsonObject } from '../../model/json.js';
import type { ResolvedProblem } from '../../model/resolve.js';
import { entityIds, IdAllocator } from '../calendar/id-allocator.js';
import type { Polygon } from '../../model/types/common.js';
import { OperationError } from '../operation-error.js';
import { bisectIntoCells } from './rectangle-bisection.js';
import { cellBalances, type ZoneBalance } from './zone-balance.js';
import { cellPolygon } from './zone-polygons.js';
import { zonePoints } from './zone-points.js';

export interface GeneratedZone {
  id: string;
  boundary: Polygon;
  stop_count: number;
  marker_count: number;
  balance: ZoneBalance;
}

/**
 * `zones`: `zone_count` zones over the request's jobs and markers, balanced on its
 * one variance kind. Zones are rectangles that tile the points' surroundings: closed, simple,
 * disjoint, compact, and each point inside exactly one (never on a boundary). Ids are `zone_1`…
 * in the order of the bisection (neighbours have neighbouring numbers), `zone_1#2` where the
 * request already uses the id, so the zones can join the request as they are.
 */
export function zones(problem: ResolvedProblem, canonical: JsonObject): GeneratedZone[] {
  const points = zonePoints(problem);
  if (points.count === 0) {
    throw new OperationError(400, 'validation_failed_error', 'zones needs at least one job or marker with a location.', [
      {
        property: 'request.jobs',
        code: 'too_few_items_error',
        message: 'zones needs at least one job or marker with a location.',
        parameters: { minimum: 1 },
      },
    ]);
  }
  const cells = bisectIntoCells(points, problem.zone_count ?? 1);
  const balances = cellBalances(points, cells);
  const ids = new IdAllocator(entityIds(canonical));
  return cells.map((cell, c) => ({ id: ids.allocate(`zone_${c + 1}`), boundary: cellPolygon(cell), ...balances[c]! }));
}
