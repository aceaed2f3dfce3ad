import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { extractMap } from '../osm/map-extract.js';
import type { GazetteerIndex } from '../ports.js';
import { buildGazetteer } from './gazetteer.js';

export interface IndexedMap {
  mapHash: string;
  built: boolean;
  counts: Record<string, number>;
}

/**
 * Version of what the index holds and how names are normalized: part of the key, so that a
 * change to either builds a new index instead of mixing old keys with new queries.
 */
const gazetteerVersion = 1;

/** Indexes an OSM extract for the local geocoder unless an index of the very same file exists. */
export async function indexMap(store: GazetteerIndex, pbfPath: string): Promise<IndexedMap> {
  const file = readFileSync(pbfPath);
  const mapHash = `${createHash('sha256').update(file).digest('hex')}-v${gazetteerVersion}`;
  const { built, counts } = await store.ensureMap(mapHash, basename(pbfPath), () => buildGazetteer(extractMap(file)));
  return { mapHash, built, counts };
}
