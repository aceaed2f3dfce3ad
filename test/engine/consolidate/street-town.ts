import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeOsmPbf, type TestNode, type TestWay } from '../../geo/support/osm-pbf-writer.js';

// Two parallel streets ~220 m apart joined by three cross streets: Main Street (two-way, lat 10)
// and North Street (one-way westwards, lat 10.002), both ~660 m long and split in the middle
// where a cross street meets them.
const lons = [20, 20.003, 20.006];
const mainLat = 10;
const northLat = 10.002;

/** Writes the town as `<name>.osm.pbf` into `folder` and answers its path. */
export function writeStreetTown(folder: string, name = 'town'): string {
  const nodes: TestNode[] = [
    ...lons.map((lon, k) => ({ id: 1 + k, lat: mainLat, lon })),
    ...lons.map((lon, k) => ({ id: 4 + k, lat: northLat, lon })),
  ];
  const ways: TestWay[] = [
    { id: 100, refs: [1, 2, 3], tags: { highway: 'residential', name: 'Main Street' } },
    { id: 101, refs: [6, 5, 4], tags: { highway: 'residential', name: 'North Street', oneway: 'yes' } },
    { id: 200, refs: [1, 4], tags: { highway: 'residential' } },
    { id: 201, refs: [2, 5], tags: { highway: 'residential' } },
    { id: 202, refs: [3, 6], tags: { highway: 'residential' } },
  ];
  const path = join(folder, `${name}.osm.pbf`);
  writeFileSync(path, writeOsmPbf(nodes, ways, []));
  return path;
}

/** A point 5 m off Main Street (south side) at this longitude, written as answers print latlons. */
export const onMain = (lon: number): string => `${mainLat - 0.000045},${lon}`;
/** A point 5 m off North Street (north side) at this longitude. */
export const onNorth = (lon: number): string => `${northLat + 0.000045},${lon}`;
/** A depot at the south-west corner. */
export const corner = `${mainLat},${lons[0]}`;
