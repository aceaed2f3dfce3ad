import type { Pool } from './db.js';

/** Upstream geocoder answers by provider and normalized query, so that a query costs one upstream call. */
export class GeocodingCacheStore {
  constructor(
    private readonly pool: Pool,
    private readonly maxAgeDays: number,
  ) {}

  async get(provider: string, queryKey: string): Promise<unknown[] | undefined> {
    const row = await this.pool.query(
      `SELECT suggestions FROM geocode_cache WHERE provider = $1 AND query_key = $2 AND cached_time > now() - make_interval(days => $3)`,
      [provider, queryKey, this.maxAgeDays],
    );
    return row.rows[0]?.suggestions;
  }

  async put(provider: string, queryKey: string, suggestions: unknown[]): Promise<void> {
    await this.pool.query(
      `INSERT INTO geocode_cache(provider, query_key, suggestions) VALUES ($1, $2, $3)
       ON CONFLICT (provider, query_key) DO UPDATE SET suggestions = EXCLUDED.suggestions, cached_time = now()`,
      [provider, queryKey, JSON.stringify(suggestions)],
    );
  }
}
