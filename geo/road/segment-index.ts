import type { RoadNetwork } from './road-network.js';

const metersPerDegree = 111_195;
const cellMeters = 100;

export interface NearestPiece {
  segment: number;
  /** Position along the segment, 0 at `segmentFrom`, 1 at `segmentTo`, by length. */
  fraction: number;
  distanceMeters: number;
  /** Direction of the segment's geometry at that point, degrees clockwise from north. */
  bearing: number;
  lat: number;
  lon: number;
}

/**
 * Uniform grid over the pieces (consecutive geometry points) of all segments, in a local
 * equirectangular projection: exact enough for snapping within a city or region, and built in
 * milliseconds at load time rather than stored.
 */
export class SegmentIndex {
  private readonly cosLat: number;
  private readonly originX: number;
  private readonly originY: number;
  private readonly columns: number;
  private readonly rows: number;
  private readonly cellFirst: Int32Array;
  private readonly cellPieces: Int32Array;
  /** Segment of each geometry point's outgoing piece (-1 for a segment's last point). */
  private readonly pieceSegment: Int32Array;
  /** Length of the segment before each geometry point, in projected meters. */
  private readonly lengthBefore: Float64Array;
  private readonly x: Float64Array;
  private readonly y: Float64Array;

  constructor(private readonly network: RoadNetwork) {
    const pointCount = network.geometryLatE7.length;
    let minLat = Infinity;
    let maxLat = -Infinity;
    for (let i = 0; i < pointCount; i++) {
      minLat = Math.min(minLat, network.geometryLatE7[i]!);
      maxLat = Math.max(maxLat, network.geometryLatE7[i]!);
    }
    this.cosLat = Math.cos(((minLat + maxLat) / 2e7) * (Math.PI / 180));
    this.x = new Float64Array(pointCount);
    this.y = new Float64Array(pointCount);
    for (let i = 0; i < pointCount; i++) {
      this.x[i] = this.projectX(network.geometryLonE7[i]! / 1e7);
      this.y[i] = this.projectY(network.geometryLatE7[i]! / 1e7);
    }
    let minX = Infinity;
    let minY = Infinity;
    let maxX = -Infinity;
    let maxY = -Infinity;
    for (let i = 0; i < pointCount; i++) {
      minX = Math.min(minX, this.x[i]!);
      minY = Math.min(minY, this.y[i]!);
      maxX = Math.max(maxX, this.x[i]!);
      maxY = Math.max(maxY, this.y[i]!);
    }
    this.originX = minX;
    this.originY = minY;
    this.columns = Math.max(1, Math.ceil((maxX - minX) / cellMeters) + 1);
    this.rows = Math.max(1, Math.ceil((maxY - minY) / cellMeters) + 1);

    this.pieceSegment = new Int32Array(pointCount).fill(-1);
    this.lengthBefore = new Float64Array(pointCount);
    for (let s = 0; s < network.segmentCount; s++) {
      const last = network.geometryFirst[s + 1]! - 1;
      for (let i = network.geometryFirst[s]!; i < last; i++) {
        this.pieceSegment[i] = s;
        this.lengthBefore[i + 1] = this.lengthBefore[i]! + Math.hypot(this.x[i + 1]! - this.x[i]!, this.y[i + 1]! - this.y[i]!);
      }
    }
    const counts = new Int32Array(this.columns * this.rows + 1);
    this.forEachPieceCell((cell) => counts[cell + 1]!++);
    for (let c = 0; c < this.columns * this.rows; c++) counts[c + 1]! += counts[c]!;
    this.cellFirst = counts;
    this.cellPieces = new Int32Array(counts[this.columns * this.rows]!);
    const fill = counts.slice(0, this.columns * this.rows);
    this.forEachPieceCell((cell, piece) => (this.cellPieces[fill[cell]!++] = piece));
  }

  /**
   * The closest point on a piece that `accept` allows, within `maxMeters`. `accept` sees the
   * segment and the piece's bearing.
   */
  nearest(lat: number, lon: number, maxMeters: number, accept: (segment: number, bearing: number) => boolean): NearestPiece | undefined {
    const px = this.projectX(lon);
    const py = this.projectY(lat);
    let best: { piece: number; t: number; distance: number } | undefined;
    // Scan growing squares; a piece outside a square of half-side R is farther than R.
    for (let radius = cellMeters; ; radius *= 2) {
      const searchRadius = Math.min(radius, maxMeters);
      const col0 = Math.max(0, Math.floor((px - searchRadius - this.originX) / cellMeters));
      const col1 = Math.min(this.columns - 1, Math.floor((px + searchRadius - this.originX) / cellMeters));
      const row0 = Math.max(0, Math.floor((py - searchRadius - this.originY) / cellMeters));
      const row1 = Math.min(this.rows - 1, Math.floor((py + searchRadius - this.originY) / cellMeters));
      for (let row = row0; row <= row1; row++) {
        for (let col = col0; col <= col1; col++) {
          const cell = row * this.columns + col;
          for (let k = this.cellFirst[cell]!; k < this.cellFirst[cell + 1]!; k++) {
            const piece = this.cellPieces[k]!;
            const { t, distance } = this.pieceDistance(piece, px, py);
            if (distance > searchRadius || (best && distance >= best.distance)) continue;
            if (!accept(this.pieceSegment[piece]!, this.pieceBearing(piece))) continue;
            best = { piece, t, distance };
          }
        }
      }
      if (best || searchRadius >= maxMeters) break;
    }
    if (!best) return undefined;
    const { piece, t } = best;
    const segment = this.pieceSegment[piece]!;
    const segmentLength = this.lengthBefore[this.network.geometryFirst[segment + 1]! - 1]!;
    const along = this.lengthBefore[piece]! + t * (this.lengthBefore[piece + 1]! - this.lengthBefore[piece]!);
    const x = this.x[piece]! + t * (this.x[piece + 1]! - this.x[piece]!);
    const y = this.y[piece]! + t * (this.y[piece + 1]! - this.y[piece]!);
    return {
      segment,
      fraction: segmentLength > 0 ? along / segmentLength : 0,
      distanceMeters: best.distance,
      bearing: this.pieceBearing(piece),
      lat: y / metersPerDegree,
      lon: x / (metersPerDegree * this.cosLat),
    };
  }

  private projectX(lon: number): number {
    return lon * metersPerDegree * this.cosLat;
  }

  private projectY(lat: number): number {
    return lat * metersPerDegree;
  }

  private pieceDistance(piece: number, px: number, py: number): { t: number; distance: number } {
    const ax = this.x[piece]!;
    const ay = this.y[piece]!;
    const dx = this.x[piece + 1]! - ax;
    const dy = this.y[piece + 1]! - ay;
    const lengthSquared = dx * dx + dy * dy;
    const t = lengthSquared > 0 ? Math.min(1, Math.max(0, ((px - ax) * dx + (py - ay) * dy) / lengthSquared)) : 0;
    return { t, distance: Math.hypot(ax + t * dx - px, ay + t * dy - py) };
  }

  private pieceBearing(piece: number): number {
    const degrees = (Math.atan2(this.x[piece + 1]! - this.x[piece]!, this.y[piece + 1]! - this.y[piece]!) * 180) / Math.PI;
    return (degrees + 360) % 360;
  }

  private forEachPieceCell(visit: (cell: number, piece: number) => void): void {
    for (let piece = 0; piece < this.pieceSegment.length; piece++) {
      if (this.pieceSegment[piece] === -1) continue;
      const col0 = Math.floor((Math.min(this.x[piece]!, this.x[piece + 1]!) - this.originX) / cellMeters);
      const col1 = Math.floor((Math.max(this.x[piece]!, this.x[piece + 1]!) - this.originX) / cellMeters);
      const row0 = Math.floor((Math.min(this.y[piece]!, this.y[piece + 1]!) - this.originY) / cellMeters);
      const row1 = Math.floor((Math.max(this.y[piece]!, this.y[piece + 1]!) - this.originY) / cellMeters);
      for (let row = row0; row <= row1; row++) for (let col = col0; col <= col1; col++) visit(row * this.columns + col, piece);
    }
  }
}
