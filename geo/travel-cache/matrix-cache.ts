import type { TravelMatrix } from '../travel.js';

/** Where cached matrices are kept: in this process, or behind a message port (operation threads). */
export interface MatrixStore {
  /** The largest matrix (matrixBytes) it keeps: a larger one is not even offered, which would cost a copy of it. */
  readonly maxBytes: number;
  get(key: string): Promise<TravelMatrix | undefined>;
  set(key: string, matrix: TravelMatrix): void;
}

export function matrixBytes(matrix: TravelMatrix): number {
  return (
    matrix.distances.byteLength + matrix.durations.byteLength + (matrix.fallback?.byteLength ?? 0) + (matrix.offNetwork?.byteLength ?? 0)
  );
}

/** Cache figures since start: hits and misses of `get`, what is held now. */
export interface MatrixCacheStats {
  hits: number;
  misses: number;
  entries: number;
  bytes: number;
}

/**
 * Travel matrices by key, least recently used first out once their typed arrays together pass
 * `maxBytes`; a matrix larger than that is not kept at all.
 */
export class MatrixCache implements MatrixStore {
  private readonly entries = new Map<string, { matrix: TravelMatrix; bytes: number }>();
  private bytes = 0;
  private hits = 0;
  private misses = 0;

  constructor(readonly maxBytes: number) {}

  lookup(key: string): TravelMatrix | undefined {
    const entry = this.entries.get(key);
    if (entry === undefined) {
      this.misses++;
      return undefined;
    }
    this.hits++;
    // Map iteration follows insertion order: re-inserting marks the entry most recently used.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry.matrix;
  }

  get(key: string): Promise<TravelMatrix | undefined> {
    return Promise.resolve(this.lookup(key));
  }

  set(key: string, matrix: TravelMatrix): void {
    const bytes = matrixBytes(matrix) + 2 * key.length;
    const old = this.entries.get(key);
    if (old !== undefined) {
      this.entries.delete(key);
      this.bytes -= old.bytes;
    }
    if (bytes > this.maxBytes) return;
    this.entries.set(key, { matrix, bytes });
    this.bytes += bytes;
    for (const [oldest, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= entry.bytes;
    }
  }

  stats(): MatrixCacheStats {
    return { hits: this.hits, misses: this.misses, entries: this.entries.size, bytes: this.bytes };
  }
}
