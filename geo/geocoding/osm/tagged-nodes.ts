import { readOsmPbf, type OsmTags } from '../../road/pbf/osm-pbf-reader.js';

/** A node that carries tags (an address, a place), in 1e-7 degrees. */
export type TaggedNodeHandler = (id: number, latE7: number, lonE7: number, tags: OsmTags) => void;

/** The nodes of an OSM PBF file that carry tags; the geocoder indexes their addresses and places. */
export function readTaggedNodes(file: Uint8Array, onNode: TaggedNodeHandler): void {
  readOsmPbf(file, { taggedNode: onNode });
}
