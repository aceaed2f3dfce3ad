import type { LatLon } from '../../../model/latlon.js';
import { degreeSpan, nearestOnPiece, type PiecePoint } from '../geometry.js';

export interface Piece<T> {
  owner: T;
  a: LatLon;
  b: LatLon;
}

const cellDegrees = 0.002;

/** A grid over line pieces for nearest-piece lookups while the index is built (in memory, no I/O). */
export class PieceGrid<T> {
  private readonly cells = new Map<string, Piece<T>[]>();

  add(piece: Piece<T>): void {
    const lat0 = Math.floor(Math.min(piece.a.lat, piece.b.lat) / cellDegrees);
    const lat1 = Math.floor(Math.max(piece.a.lat, piece.b.lat) / cellDegrees);
    const lon0 = Math.floor(Math.min(piece.a.lon, piece.b.lon) / cellDegrees);
    const lon1 = Math.floor(Math.max(piece.a.lon, piece.b.lon) / cellDegrees);
    for (let i = lat0; i <= lat1; i++) {
      for (let j = lon0; j <= lon1; j++) {
        const key = `${i}:${j}`;
        const list = this.cells.get(key);
        if (list) list.push(piece);
        else this.cells.set(key, [piece]);
      }
    }
  }

  /** The nearest piece within `maxMeters`. */
  nearest(p: LatLon, maxMeters: number): { owner: T; point: PiecePoint } | undefined {
    const span = degreeSpan(p, maxMeters);
    let best: { owner: T; point: PiecePoint } | undefined;
    const seen = new Set<Piece<T>>();
    for (let i = Math.floor((p.lat - span.lat) / cellDegrees); i <= Math.floor((p.lat + span.lat) / cellDegrees); i++) {
      for (let j = Math.floor((p.lon - span.lon) / cellDegrees); j <= Math.floor((p.lon + span.lon) / cellDegrees); j++) {
        for (const piece of this.cells.get(`${i}:${j}`) ?? []) {
          if (seen.has(piece)) continue;
          seen.add(piece);
          const point = nearestOnPiece(p, piece.a, piece.b);
          if (point.distanceMeters <= maxMeters && (!best || point.distanceMeters < best.point.distanceMeters))
            best = { owner: piece.owner, point };
        }
      }
    }
    return best;
  }
}
