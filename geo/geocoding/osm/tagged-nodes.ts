import { inflateSync } from 'node:zlib';
import type { OsmTags } from '../../road/pbf/osm-pbf-reader.js';
import { ProtoReader } from '../../road/pbf/proto-reader.js';

/**
 * Nodes that carry tags (addresses, places), read from an OSM PBF file. The shared reader in
 * geo/road/pbf/ hands out node coordinates only, which is all routing needs; geocoding needs the
 * tags of the few nodes that have them, so this walks the same blobs and keeps just those.
 */
export type TaggedNodeHandler = (id: number, latE7: number, lonE7: number, tags: OsmTags) => void;

const utf8 = new TextDecoder();

export function readTaggedNodes(file: Uint8Array, onNode: TaggedNodeHandler): void {
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  let pos = 0;
  while (pos < file.length) {
    const headerLength = view.getUint32(pos);
    pos += 4;
    const header = readBlobHeader(new ProtoReader(file, pos, pos + headerLength));
    pos += headerLength;
    if (header.type === 'OSMData') readBlock(new ProtoReader(readBlobData(new ProtoReader(file, pos, pos + header.dataSize))), onNode);
    pos += header.dataSize;
  }
}

function readBlobHeader(reader: ProtoReader): { type: string; dataSize: number } {
  let type = '';
  let dataSize = 0;
  while (reader.hasMore()) {
    const key = reader.readKey();
    if (key === ((1 << 3) | 2)) type = utf8.decode(reader.readBytes());
    else if (key === ((3 << 3) | 0)) dataSize = reader.readVarint();
    else reader.skip(key);
  }
  return { type, dataSize };
}

function readBlobData(reader: ProtoReader): Uint8Array {
  while (reader.hasMore()) {
    const key = reader.readKey();
    const field = key >>> 3;
    if (field === 1) return reader.readBytes();
    if (field === 3) return inflateSync(reader.readBytes());
    reader.skip(key);
  }
  throw new Error('osm.pbf: blob without raw or zlib data');
}

interface Block {
  strings: string[];
  granularity: number;
  latOffset: number;
  lonOffset: number;
}

function readBlock(reader: ProtoReader, onNode: TaggedNodeHandler): void {
  const groups: ProtoReader[] = [];
  const block: Block = { strings: [], granularity: 100, latOffset: 0, lonOffset: 0 };
  while (reader.hasMore()) {
    const key = reader.readKey();
    switch (key >>> 3) {
      case 1: {
        const table = reader.readMessage();
        while (table.hasMore()) {
          const entry = table.readKey();
          if (entry === ((1 << 3) | 2)) block.strings.push(utf8.decode(table.readBytes()));
          else table.skip(entry);
        }
        break;
      }
      case 2:
        groups.push(reader.readMessage());
        break;
      case 17:
        block.granularity = reader.readVarint();
        break;
      case 19:
        block.latOffset = reader.readInt64();
        break;
      case 20:
        block.lonOffset = reader.readInt64();
        break;
      default:
        reader.skip(key);
    }
  }
  for (const group of groups) {
    while (group.hasMore()) {
      const key = group.readKey();
      if (key >>> 3 === 1) readNode(group.readMessage(), block, onNode);
      else if (key >>> 3 === 2) readDenseNodes(group.readMessage(), block, onNode);
      else group.skip(key);
    }
  }
}

function toE7(raw: number, offset: number, granularity: number): number {
  return Math.round((offset + granularity * raw) / 100);
}

function readNode(reader: ProtoReader, block: Block, onNode: TaggedNodeHandler): void {
  let id = 0;
  let lat = 0;
  let lon = 0;
  const keys: number[] = [];
  const values: number[] = [];
  while (reader.hasMore()) {
    const key = reader.readKey();
    switch (key >>> 3) {
      case 1:
        id = reader.readSignedVarint();
        break;
      case 2:
        reader.readPackedVarints(keys);
        break;
      case 3:
        reader.readPackedVarints(values);
        break;
      case 8:
        lat = reader.readSignedVarint();
        break;
      case 9:
        lon = reader.readSignedVarint();
        break;
      default:
        reader.skip(key);
    }
  }
  if (keys.length === 0) return;
  const tags: OsmTags = new Map();
  keys.forEach((k, i) => tags.set(block.strings[k] ?? '', block.strings[values[i]!] ?? ''));
  onNode(id, toE7(lat, block.latOffset, block.granularity), toE7(lon, block.lonOffset, block.granularity), tags);
}

function readDenseNodes(reader: ProtoReader, block: Block, onNode: TaggedNodeHandler): void {
  const ids: number[] = [];
  const lats: number[] = [];
  const lons: number[] = [];
  const keysValues: number[] = [];
  while (reader.hasMore()) {
    const key = reader.readKey();
    switch (key >>> 3) {
      case 1:
        reader.readPackedSignedVarints(ids);
        break;
      case 8:
        reader.readPackedSignedVarints(lats);
        break;
      case 9:
        reader.readPackedSignedVarints(lons);
        break;
      case 10:
        reader.readPackedVarints(keysValues);
        break;
      default:
        reader.skip(key);
    }
  }
  // keys_vals: for each node, (key, value) string indexes ending with a 0; empty when no node has tags.
  if (keysValues.length === 0) return;
  let id = 0;
  let lat = 0;
  let lon = 0;
  let k = 0;
  for (let i = 0; i < ids.length; i++) {
    id += ids[i]!;
    lat += lats[i]!;
    lon += lons[i]!;
    let tags: OsmTags | undefined;
    while (k < keysValues.length && keysValues[k] !== 0) {
      tags ??= new Map();
      tags.set(block.strings[keysValues[k]!] ?? '', block.strings[keysValues[k + 1]!] ?? '');
      k += 2;
    }
    k++;
    if (tags) onNode(id, toE7(lat, block.latOffset, block.granularity), toE7(lon, block.lonOffset, block.granularity), tags);
  }
}
