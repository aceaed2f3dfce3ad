import { statSync } from 'node:fs';
import type { GazetteerIndex } from '../ports.js';
import { indexMap } from './map-index.js';

interface Indexing {
  /** Size and modification time of the file when its indexing started. */
  stamp: string;
  mapHash: Promise<string>;
}

/**
 * The index of the map file a worker serves, kept for the life of the process: built on first
 * use, and built again when the file at the path changes (a new extract put in its place) or when
 * its index is gone (deleted by an operator), so that neither needs a restart of the worker.
 * Queries that arrive together share one indexing; a failed one is tried again by the next query.
 */
export class CurrentMapIndex {
  private current: Indexing | undefined;

  constructor(
    private readonly store: GazetteerIndex,
    private readonly pbfPath: string,
  ) {}

  async mapHash(): Promise<string> {
    const stamp = fileStamp(this.pbfPath);
    if (this.current?.stamp !== stamp) this.current = this.indexing(stamp);
    const seen = this.current;
    const mapHash = await seen.mapHash;
    // One primary-key lookup per query: small beside the trigram search it precedes.
    if (await this.store.hasMap(mapHash)) return mapHash;
    if (this.current === seen) this.current = this.indexing(stamp);
    return this.current.mapHash;
  }

  private indexing(stamp: string): Indexing {
    const entry: Indexing = { stamp, mapHash: indexMap(this.store, this.pbfPath).then((m) => m.mapHash) };
    entry.mapHash.catch(() => {
      if (this.current === entry) this.current = undefined;
    });
    return entry;
  }
}

function fileStamp(path: string): string {
  const stat = statSync(path);
  return `${stat.size}:${stat.mtimeMs}`;
}
