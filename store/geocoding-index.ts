import type { LatLon } from '../model/latlon.js';
import { settleTrigramIndex, similarityQuery, withTransaction, type Pool, type PoolClient } from './db.js';

/** A named thing of a map a query can match: a street (per city), a place, a postcode. */
export interface FeatureFields {
  kind: 'street' | 'place' | 'postcode';
  name: string;
  nameKey: string;
  city: string | undefined;
  postcode: string | undefined;
  country: string | undefined;
  localityKey: string;
  location: LatLon;
  formattedAddress: string;
}

export type FeatureRow = FeatureFields & { id: number };

export interface AddressRow {
  featureId: number;
  houseNumber: string;
  postcode: string | undefined;
  city: string | undefined;
  country: string | undefined;
  location: LatLon;
  intersection: LatLon | undefined;
  formattedAddress: string;
}

export interface PieceRow {
  featureId: number;
  a: LatLon;
  b: LatLon;
}

/** One map's gazetteer to store: its addresses and street pieces name their feature by position in `features`. */
export interface GazetteerRows {
  features: readonly FeatureFields[];
  addresses: readonly (Omit<AddressRow, 'featureId'> & { feature: number; houseNumberKey: string })[];
  pieces: readonly (Omit<PieceRow, 'featureId'> & { feature: number })[];
}

const featureColumns = 'id, kind, name, name_key, city, postcode, country, locality_key, lat, lon, formatted_address';
const addressColumns = 'feature_id, house_number, postcode, city, country, lat, lon, intersection_lat, intersection_lon, formatted_address';
const insertChunk = 2000;
/**
 * Similarity thresholds of the candidate search, strictest first. The last is low on purpose: the
 * query also holds numbers and locality words that dilute similarity; the geocoder ranks the
 * candidates itself.
 */
const similarityThresholds = [0.3, 0.2, 0.12] as const;

function toFeature(row: Record<string, unknown>): FeatureRow {
  return {
    id: Number(row.id),
    kind: row.kind as FeatureRow['kind'],
    name: row.name as string,
    nameKey: row.name_key as string,
    city: (row.city as string | null) ?? undefined,
    postcode: (row.postcode as string | null) ?? undefined,
    country: (row.country as string | null) ?? undefined,
    localityKey: row.locality_key as string,
    location: { lat: row.lat as number, lon: row.lon as number },
    formattedAddress: row.formatted_address as string,
  };
}

function toAddress(row: Record<string, unknown>): AddressRow {
  return {
    featureId: Number(row.feature_id),
    houseNumber: row.house_number as string,
    postcode: (row.postcode as string | null) ?? undefined,
    city: (row.city as string | null) ?? undefined,
    country: (row.country as string | null) ?? undefined,
    location: { lat: row.lat as number, lon: row.lon as number },
    intersection: row.intersection_lat === null ? undefined : { lat: row.intersection_lat as number, lon: row.intersection_lon as number },
    formattedAddress: row.formatted_address as string,
  };
}

function box(min: LatLon, max: LatLon): string {
  return `((${min.lon},${min.lat}),(${max.lon},${max.lat}))`;
}

/** The local geocoder's index in PostgreSQL: one gazetteer per map extract, keyed by the file's hash. */
export class GeocodingIndexStore {
  constructor(private readonly pool: Pool) {}

  async hasMap(mapHash: string): Promise<boolean> {
    const row = await this.pool.query('SELECT 1 FROM geocode_maps WHERE map_hash = $1', [mapHash]);
    return row.rowCount === 1;
  }

  async mapCounts(mapHash: string): Promise<Record<string, number> | undefined> {
    const row = await this.pool.query('SELECT counts FROM geocode_maps WHERE map_hash = $1', [mapHash]);
    return row.rows[0]?.counts;
  }

  /**
   * Stores a map's gazetteer unless it is there already; `build` runs only when it is missing.
   * Concurrent callers (several workers at first use) wait on one lock and build once.
   */
  async ensureMap(
    mapHash: string,
    fileName: string,
    build: () => GazetteerRows,
  ): Promise<{ built: boolean; counts: Record<string, number> }> {
    return withTransaction(this.pool, async (client) => {
      await client.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`geocode-map:${mapHash}`]);
      const existing = await client.query('SELECT counts FROM geocode_maps WHERE map_hash = $1', [mapHash]);
      if (existing.rowCount === 1) return { built: false, counts: existing.rows[0].counts };
      const gazetteer = build();
      const counts = {
        streets: gazetteer.features.filter((f) => f.kind === 'street').length,
        places: gazetteer.features.filter((f) => f.kind === 'place').length,
        postcodes: gazetteer.features.filter((f) => f.kind === 'postcode').length,
        addresses: gazetteer.addresses.length,
        pieces: gazetteer.pieces.length,
      };
      await client.query('INSERT INTO geocode_maps(map_hash, file_name, counts) VALUES ($1, $2, $3)', [
        mapHash,
        fileName,
        JSON.stringify(counts),
      ]);
      const ids = await insertFeatures(client, mapHash, gazetteer);
      await insertPieces(client, mapHash, gazetteer, ids);
      await insertAddresses(client, mapHash, gazetteer, ids);
      await settleTrigramIndex(client, 'geocode_features', 'geocode_features_name');
      // Reverse lookups and house numbers read these tables through their own indexes: fresh statistics too.
      await client.query('ANALYZE geocode_street_pieces, geocode_addresses');
      return { built: true, counts };
    });
  }

  /**
   * The `limit` features whose name is most trigram-similar to `text`, most similar first, none
   * below the lowest threshold. Tried at the stricter thresholds first: when one of them already
   * yields `limit` rows, no row it leaves out can rank above them, so the answer is the same while
   * far fewer rows are scored on a map with many similar names.
   */
  async similarFeatures(mapHash: string, text: string, limit: number, signal?: AbortSignal): Promise<FeatureRow[]> {
    const rows = await similarityQuery(
      this.pool,
      similarityThresholds,
      // OFFSET 0 keeps the map's condition out of the scan: on it the planner would rather read
      // every feature of the map by its map index and score each than use the trigram index.
      `SELECT ${featureColumns} FROM (SELECT ${featureColumns}, map_hash FROM geocode_features WHERE name_key % $2 OFFSET 0) AS matching
        WHERE map_hash = $1 ORDER BY similarity(name_key, $2) DESC LIMIT $3`,
      [mapHash, text, limit],
      { signal, enough: (found) => found.length >= limit, indexOnly: true },
    );
    return rows.rows.map(toFeature);
  }

  async addressesOn(featureIds: readonly number[], houseNumberKey: string): Promise<AddressRow[]> {
    const rows = await this.pool.query(
      `SELECT ${addressColumns} FROM geocode_addresses WHERE feature_id = ANY($1) AND house_number_key = $2`,
      [featureIds, houseNumberKey],
    );
    return rows.rows.map(toAddress);
  }

  async features(ids: readonly number[]): Promise<FeatureRow[]> {
    const rows = await this.pool.query(`SELECT ${featureColumns} FROM geocode_features WHERE id = ANY($1)`, [ids]);
    return rows.rows.map(toFeature);
  }

  /** Street pieces whose bounding box meets the box min–max. */
  async piecesIn(mapHash: string, min: LatLon, max: LatLon): Promise<PieceRow[]> {
    const rows = await this.pool.query(
      'SELECT feature_id, lat1, lon1, lat2, lon2 FROM geocode_street_pieces WHERE extent && $2::box AND map_hash = $1',
      [mapHash, box(min, max)],
    );
    return rows.rows.map((r) => ({ featureId: Number(r.feature_id), a: { lat: r.lat1, lon: r.lon1 }, b: { lat: r.lat2, lon: r.lon2 } }));
  }

  async addressesIn(mapHash: string, min: LatLon, max: LatLon): Promise<AddressRow[]> {
    const rows = await this.pool.query(`SELECT ${addressColumns} FROM geocode_addresses WHERE position <@ $2::box AND map_hash = $1`, [
      mapHash,
      box(min, max),
    ]);
    return rows.rows.map(toAddress);
  }
}

function chunks<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += insertChunk) out.push(items.slice(i, i + insertChunk));
  return out;
}

async function insertFeatures(client: PoolClient, mapHash: string, gazetteer: GazetteerRows): Promise<number[]> {
  // Ids are drawn first so that the pieces and addresses can refer to their features by position.
  const drawn = await client.query(`SELECT nextval('geocode_features_id_seq') AS id FROM generate_series(1, $1)`, [
    gazetteer.features.length,
  ]);
  const ids = drawn.rows.map((r) => Number(r.id));
  for (const [offset, part] of chunks(gazetteer.features).map((p, i) => [i * insertChunk, p] as const)) {
    await client.query(
      `INSERT INTO geocode_features(id, map_hash, kind, name, name_key, city, postcode, country, locality_key, lat, lon, formatted_address)
       SELECT i, $1, k, n, nk, ci, pc, co, lk, la, lo, fa
         FROM unnest($2::bigint[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::text[], $9::text[], $10::float8[], $11::float8[], $12::text[])
           AS t(i, k, n, nk, ci, pc, co, lk, la, lo, fa)`,
      [
        mapHash,
        ids.slice(offset, offset + part.length),
        part.map((f) => f.kind),
        part.map((f) => f.name),
        part.map((f) => f.nameKey),
        part.map((f) => f.city ?? null),
        part.map((f) => f.postcode ?? null),
        part.map((f) => f.country ?? null),
        part.map((f) => f.localityKey),
        part.map((f) => f.location.lat),
        part.map((f) => f.location.lon),
        part.map((f) => f.formattedAddress),
      ],
    );
  }
  return ids;
}

async function insertPieces(client: PoolClient, mapHash: string, gazetteer: GazetteerRows, ids: readonly number[]): Promise<void> {
  for (const part of chunks(gazetteer.pieces)) {
    await client.query(
      `INSERT INTO geocode_street_pieces(feature_id, map_hash, extent, lat1, lon1, lat2, lon2)
       SELECT f, $1, box(point(lo1, la1), point(lo2, la2)), la1, lo1, la2, lo2
         FROM unnest($2::bigint[], $3::float8[], $4::float8[], $5::float8[], $6::float8[]) AS t(f, la1, lo1, la2, lo2)`,
      [
        mapHash,
        part.map((p) => ids[p.feature]),
        part.map((p) => p.a.lat),
        part.map((p) => p.a.lon),
        part.map((p) => p.b.lat),
        part.map((p) => p.b.lon),
      ],
    );
  }
}

async function insertAddresses(client: PoolClient, mapHash: string, gazetteer: GazetteerRows, ids: readonly number[]): Promise<void> {
  for (const part of chunks(gazetteer.addresses)) {
    await client.query(
      `INSERT INTO geocode_addresses(feature_id, map_hash, house_number, house_number_key, postcode, city, country, lat, lon, intersection_lat, intersection_lon, formatted_address, position)
       SELECT f, $1, hn, hnk, pc, ci, co, la, lo, ila, ilo, fa, point(lo, la)
         FROM unnest($2::bigint[], $3::text[], $4::text[], $5::text[], $6::text[], $7::text[], $8::float8[], $9::float8[], $10::float8[], $11::float8[], $12::text[])
           AS t(f, hn, hnk, pc, ci, co, la, lo, ila, ilo, fa)`,
      [
        mapHash,
        part.map((a) => ids[a.feature]),
        part.map((a) => a.houseNumber),
        part.map((a) => a.houseNumberKey),
        part.map((a) => a.postcode ?? null),
        part.map((a) => a.city ?? null),
        part.map((a) => a.country ?? null),
        part.map((a) => a.location.lat),
        part.map((a) => a.location.lon),
        part.map((a) => a.intersection?.lat ?? null),
        part.map((a) => a.intersection?.lon ?? null),
        part.map((a) => a.formattedAddress),
      ],
    );
  }
}
