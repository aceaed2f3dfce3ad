import type { LatLon } from '../model/latlon.js';
import { withTransaction, type Pool } from './db.js';

export interface BatchAddressInput {
  query: string;
  country: string | undefined;
  /** The input row as read (column name → value), written back next to the result. */
  input: Record<string, string>;
}

export interface PendingAddress {
  position: number;
  query: string;
  country: string | undefined;
}

export interface BatchCounts {
  total: number;
  geocoded: number;
  failed: number;
  pending: number;
}

export interface PendingChunk {
  chunk: number;
  pending: number;
}

/** A chunk's addresses by state (a chunk is positions chunk × size up to the next chunk). */
export interface ChunkCounts {
  total: number;
  geocoded: number;
  failed: number;
}

export interface BatchAddressResult {
  position: number;
  input: Record<string, string>;
  status: 'pending' | 'geocoded' | 'failed';
  attempts: number;
  location: LatLon | undefined;
  formattedAddress: string | undefined;
  confidence: number | undefined;
  errorCode: string | undefined;
  errorMessage: string | undefined;
}

export interface BatchRecord {
  id: string;
  source: string;
  columns: Record<string, unknown>;
  status: 'running' | 'completed';
  runs: number;
}

const insertChunk = 2000;

/** Batches of addresses to geocode; every address row ends `geocoded` or `failed` with its reason. */
export class GeocodeBatchStore {
  constructor(private readonly pool: Pool) {}

  async create(id: string, source: string, columns: Record<string, unknown>, addresses: readonly BatchAddressInput[]): Promise<void> {
    await withTransaction(this.pool, async (client) => {
      await client.query(`INSERT INTO geocode_batches(id, source, columns, status) VALUES ($1, $2, $3, 'running')`, [
        id,
        source,
        JSON.stringify(columns),
      ]);
      for (let offset = 0; offset < addresses.length; offset += insertChunk) {
        const part = addresses.slice(offset, offset + insertChunk);
        await client.query(
          `INSERT INTO geocode_batch_addresses(batch_id, position, query, country, input, status)
           SELECT $1, p, q, c, i, 'pending' FROM unnest($2::int[], $3::text[], $4::text[], $5::jsonb[]) AS t(p, q, c, i)`,
          [
            id,
            part.map((_, i) => offset + i),
            part.map((a) => a.query),
            part.map((a) => a.country ?? null),
            part.map((a) => JSON.stringify(a.input)),
          ],
        );
      }
    });
  }

  async get(id: string): Promise<BatchRecord | undefined> {
    const row = await this.pool.query('SELECT id, source, columns, status, runs FROM geocode_batches WHERE id = $1', [id]);
    return row.rows[0];
  }

  /** Starts a run: counts it, and for a retry puts the failed addresses back to pending with a fresh attempt count. */
  async startRun(id: string, retryFailed: boolean): Promise<{ run: number; reset: number }> {
    return withTransaction(this.pool, async (client) => {
      const reset = retryFailed
        ? await client.query(
            `UPDATE geocode_batch_addresses SET status = 'pending', attempts = 0 WHERE batch_id = $1 AND status = 'failed'`,
            [id],
          )
        : undefined;
      const run = await client.query(
        `UPDATE geocode_batches SET runs = runs + 1, status = 'running', finished_time = NULL WHERE id = $1 RETURNING runs`,
        [id],
      );
      return { run: run.rows[0].runs, reset: reset?.rowCount ?? 0 };
    });
  }

  /** Chunks (position / chunkSize) that still have pending addresses. */
  async pendingChunks(id: string, chunkSize: number): Promise<PendingChunk[]> {
    const rows = await this.pool.query(
      `SELECT position / $2 AS chunk, count(*)::int AS pending FROM geocode_batch_addresses WHERE batch_id = $1 AND status = 'pending' GROUP BY 1 ORDER BY 1`,
      [id, chunkSize],
    );
    return rows.rows.map((r) => ({ chunk: Number(r.chunk), pending: Number(r.pending) }));
  }

  async pendingIn(id: string, chunk: number, chunkSize: number): Promise<PendingAddress[]> {
    const rows = await this.pool.query(
      `SELECT position, query, country FROM geocode_batch_addresses WHERE batch_id = $1 AND status = 'pending' AND position >= $2 AND position < $3 ORDER BY position`,
      [id, chunk * chunkSize, (chunk + 1) * chunkSize],
    );
    return rows.rows.map((r) => ({ position: r.position, query: r.query, country: r.country ?? undefined }));
  }

  /** Records a result; a repeated activity attempt finds the address no longer pending and changes nothing. */
  async recordGeocoded(
    id: string,
    position: number,
    result: { location: LatLon; formattedAddress: string; confidence: number },
  ): Promise<void> {
    await this.pool.query(
      `UPDATE geocode_batch_addresses SET status = 'geocoded', attempts = attempts + 1, lat = $3, lon = $4, formatted_address = $5, confidence = $6,
              error_code = NULL, error_message = NULL
        WHERE batch_id = $1 AND position = $2 AND status = 'pending'`,
      [id, position, result.location.lat, result.location.lon, result.formattedAddress, result.confidence],
    );
  }

  /** A failed try: permanent failures are final, transient ones stay pending with their latest reason. */
  async recordFailure(id: string, position: number, code: string, message: string, permanent: boolean): Promise<void> {
    await this.pool.query(
      `UPDATE geocode_batch_addresses SET status = CASE WHEN $5 THEN 'failed' ELSE 'pending' END, attempts = attempts + 1, error_code = $3, error_message = $4
        WHERE batch_id = $1 AND position = $2 AND status = 'pending'`,
      [id, position, code, message, permanent],
    );
  }

  /** Ends the chunk's pending addresses as failed, with their latest transient reason or the given one. */
  async failPending(id: string, chunk: number, chunkSize: number, code: string, message: string): Promise<number> {
    const result = await this.pool.query(
      `UPDATE geocode_batch_addresses SET status = 'failed', error_code = COALESCE(error_code, $4), error_message = COALESCE(error_message, $5)
        WHERE batch_id = $1 AND status = 'pending' AND position >= $2 AND position < $3`,
      [id, chunk * chunkSize, (chunk + 1) * chunkSize, code, message],
    );
    return result.rowCount ?? 0;
  }

  async counts(id: string): Promise<BatchCounts> {
    const row = await this.pool.query(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE status = 'geocoded')::int AS geocoded,
              count(*) FILTER (WHERE status = 'failed')::int AS failed, count(*) FILTER (WHERE status = 'pending')::int AS pending
         FROM geocode_batch_addresses WHERE batch_id = $1`,
      [id],
    );
    return row.rows[0];
  }

  async chunkCounts(id: string, chunk: number, chunkSize: number): Promise<ChunkCounts> {
    const row = await this.pool.query(
      `SELECT count(*)::int AS total, count(*) FILTER (WHERE status = 'geocoded')::int AS geocoded, count(*) FILTER (WHERE status = 'failed')::int AS failed
         FROM geocode_batch_addresses WHERE batch_id = $1 AND position >= $2 AND position < $3`,
      [id, chunk * chunkSize, (chunk + 1) * chunkSize],
    );
    return row.rows[0];
  }

  async complete(id: string): Promise<void> {
    await this.pool.query(`UPDATE geocode_batches SET status = 'completed', finished_time = now() WHERE id = $1`, [id]);
  }

  async results(id: string): Promise<BatchAddressResult[]> {
    const rows = await this.pool.query(
      `SELECT position, input, status, attempts, lat, lon, formatted_address, confidence, error_code, error_message
         FROM geocode_batch_addresses WHERE batch_id = $1 ORDER BY position`,
      [id],
    );
    return rows.rows.map((r) => ({
      position: r.position,
      input: r.input,
      status: r.status,
      attempts: r.attempts,
      location: r.lat === null ? undefined : { lat: r.lat, lon: r.lon },
      formattedAddress: r.formatted_address ?? undefined,
      confidence: r.confidence ?? undefined,
      errorCode: r.error_code ?? undefined,
      errorMessage: r.error_message ?? undefined,
    }));
  }
}
