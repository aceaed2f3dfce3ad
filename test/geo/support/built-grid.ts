import { RoadNetworkBuilder, type BuiltNetwork } from '../../../geo/road/network-builder.js';
import { readOsmPbf } from '../../../geo/road/pbf/osm-pbf-reader.js';
import { writeOsmPbf } from './osm-pbf-writer.js';
import { streetGrid } from './street-grid.js';

/** The road network of an N × N street grid, written with our PBF writer and read back as an import reads it. */
export function builtGrid(n: number): BuiltNetwork {
  const grid = streetGrid(n);
  const builder = new RoadNetworkBuilder();
  readOsmPbf(writeOsmPbf(grid.nodes, grid.ways, grid.relations), {
    node: (id, lat, lon) => builder.node(id, lat, lon),
    way: (id, refs, tags) => builder.way(id, refs, tags),
    relation: (id, members, tags) => builder.relation(id, members, tags),
  });
  return builder.build();
}
