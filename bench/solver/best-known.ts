import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

export interface BestKnown {
  distance: number;
  vehicles: number;
  /** Which file and objective the reference comes from, since gaps are only comparable per convention. */
  reference: 'distance-only' | 'hierarchical' | 'cvrplib';
}

/**
 * Reference per instance folder: Solomon has a double-precision distance-only table; the
 * Gehring & Homberger table is hierarchical (vehicles first), so distance-only runs may beat it;
 * CVRPLIB X references are plain distance.
 */
export function loadBestKnown(folder: string, family: 'solomon' | 'homberger' | 'cvrp'): Map<string, BestKnown> {
  const file = family === 'solomon' ? 'bks_distance_only.csv' : 'bks.csv';
  const reference = family === 'solomon' ? 'distance-only' : family === 'homberger' ? 'hierarchical' : 'cvrplib';
  const table = new Map<string, BestKnown>();
  const path = join(folder, file);
  if (!existsSync(path)) return table;
  for (const line of readFileSync(path, 'utf8').split(/\r?\n/).slice(1)) {
    const [instance, vehicles, distance] = line.split(',');
    if (!instance || !distance) continue;
    table.set(instance.toLowerCase(), { distance: Number(distance), vehicles: Number(vehicles), reference });
  }
  return table;
}
