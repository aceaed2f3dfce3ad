import { inflateSync } from 'node:zlib';
import { ProtoReader } from './proto-reader.js';

/**
 * Reads OpenStreetMap PBF files (https://wiki.openstreetmap.org/wiki/PBF_Format): blobs of
 * zlib-compressed or raw primitive blocks holding nodes (plain and dense), ways and relations.
 * Coordinates are delivered as integers in 1e-7 degrees, the precision OSM stores.
 */

export type OsmTags = Map<string, string>;

export const memberNode = 0;
export const memberWay = 1;
export const memberRelation = 2;

export interface OsmRelationMember {
  type: number;
  ref: number;
  role: string;
}

export interface OsmHandlers {
  node?(id: number, latE7: number, lonE7: number): void;
  /** Nodes that carry tags (addresses, places); their tags are decoded only when this is given. */
  taggedNode?(id: number, latE7: number, lonE7: number, tags: OsmTags): void;
  way?(id: number, refs: readonly number[], tags: OsmTags): void;
  relation?(id: number, members: readonly OsmRelationMember[], tags: OsmTags): void;
  /** Called after each blob with the bytes read so far. */
  progress?(bytesRead: number, bytesTotal: number): void;
}

const supportedFeatures = new Set(['OsmSchema-V0.6', 'DenseNodes']);

export function readOsmPbf(file: Uint8Array, handlerObject: OsmHandlers): void {
  // Handlers are often class instances: keep `this` when calling them as plain functions.
  const handlers: OsmHandlers = {};
  if (handlerObject.node) handlers.node = handlerObject.node.bind(handlerObject);
  if (handlerObject.taggedNode) handlers.taggedNode = handlerObject.taggedNode.bind(handlerObject);
  if (handlerObject.way) handlers.way = handlerObject.way.bind(handlerObject);
  if (handlerObject.relation) handlers.relation = handlerObject.relation.bind(handlerObject);
  if (handlerObject.progress) handlers.progress = handlerObject.progress.bind(handlerObject);
  const view = new DataView(file.buffer, file.byteOffset, file.byteLength);
  let pos = 0;
  while (pos < file.length) {
    if (pos + 4 > file.length) throw new Error('osm.pbf: truncated blob header length');
    const headerLength = view.getUint32(pos);
    pos += 4;
    const header = readBlobHeader(new ProtoReader(file, pos, pos + headerLength));
    pos += headerLength;
    if (pos + header.dataSize > file.length) throw new Error('osm.pbf: truncated blob');
    const data = readBlob(new ProtoReader(file, pos, pos + header.dataSize));
    pos += header.dataSize;
    if (header.type === 'OSMHeader') checkHeaderBlock(new ProtoReader(data));
    else if (header.type === 'OSMData') readPrimitiveBlock(new ProtoReader(data), handlers);
    handlers.progress?.(pos, file.length);
  }
}

function readBlobHeader(reader: ProtoReader): { type: string; dataSize: number } {
  let type = '';
  let dataSize = -1;
  while (reader.hasMore()) {
    const key = reader.readKey();
    if (key === ((1 << 3) | 2)) type = decodeUtf8(reader.readBytes());
    else if (key === ((3 << 3) | 0)) dataSize = reader.readVarint();
    else reader.skip(key);
  }
  if (dataSize < 0) throw new Error('osm.pbf: blob header without datasize');
  return { type, dataSize };
}

function readBlob(reader: ProtoReader): Uint8Array {
  while (reader.hasMore()) {
    const key = reader.readKey();
    const field = key >>> 3;
    if (field === 1) return reader.readBytes();
    if (field === 3) return inflateSync(reader.readBytes());
    if (field >= 4 && field <= 7) throw new Error('osm.pbf: only raw and zlib blobs are supported (found lzma/bzip2/lz4/zstd)');
    reader.skip(key);
  }
  throw new Error('osm.pbf: blob without data');
}

function checkHeaderBlock(reader: ProtoReader): void {
  while (reader.hasMore()) {
    const key = reader.readKey();
    if (key === ((4 << 3) | 2)) {
      const feature = decodeUtf8(reader.readBytes());
      if (!supportedFeatures.has(feature)) throw new Error(`osm.pbf: unsupported required feature ${feature}`);
    } else reader.skip(key);
  }
}

interface BlockContext {
  strings: string[];
  granularity: number;
  latOffset: number;
  lonOffset: number;
}

function readPrimitiveBlock(reader: ProtoReader, handlers: OsmHandlers): void {
  // Groups refer to the string table and offsets, which may come after them in the block.
  const groups: ProtoReader[] = [];
  const context: BlockContext = { strings: [], granularity: 100, latOffset: 0, lonOffset: 0 };
  while (reader.hasMore()) {
    const key = reader.readKey();
    switch (key >>> 3) {
      case 1:
        context.strings = readStringTable(reader.readMessage());
        break;
      case 2:
        groups.push(reader.readMessage());
        break;
      case 17:
        context.granularity = reader.readVarint();
        break;
      case 19:
        context.latOffset = reader.readInt64();
        break;
      case 20:
        context.lonOffset = reader.readInt64();
        break;
      default:
        reader.skip(key);
    }
  }
  for (const group of groups) readPrimitiveGroup(group, context, handlers);
}

function readStringTable(reader: ProtoReader): string[] {
  const strings: string[] = [];
  while (reader.hasMore()) {
    const key = reader.readKey();
    if (key === ((1 << 3) | 2)) strings.push(decodeUtf8(reader.readBytes()));
    else reader.skip(key);
  }
  return strings;
}

function readPrimitiveGroup(reader: ProtoReader, context: BlockContext, handlers: OsmHandlers): void {
  while (reader.hasMore()) {
    const key = reader.readKey();
    switch (key >>> 3) {
      case 1:
        if (handlers.node || handlers.taggedNode) readNode(reader.readMessage(), context, handlers);
        else reader.skip(key);
        break;
      case 2:
        if (handlers.node || handlers.taggedNode) readDenseNodes(reader.readMessage(), context, handlers);
        else reader.skip(key);
        break;
      case 3:
        if (handlers.way) readWay(reader.readMessage(), context, handlers.way);
        else reader.skip(key);
        break;
      case 4:
        if (handlers.relation) readRelation(reader.readMessage(), context, handlers.relation);
        else reader.skip(key);
        break;
      default:
        reader.skip(key);
    }
  }
}

function toE7(raw: number, offset: number, granularity: number): number {
  // Nanodegrees to 1e-7 degrees; exact for the usual granularity of 100 and offset 0.
  return Math.round((offset + granularity * raw) / 100);
}

function readNode(reader: ProtoReader, context: BlockContext, handlers: OsmHandlers): void {
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
        if (handlers.taggedNode) reader.readPackedVarints(keys);
        else reader.skip(key);
        break;
      case 3:
        if (handlers.taggedNode) reader.readPackedVarints(values);
        else reader.skip(key);
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
  const latE7 = toE7(lat, context.latOffset, context.granularity);
  const lonE7 = toE7(lon, context.lonOffset, context.granularity);
  handlers.node?.(id, latE7, lonE7);
  if (keys.length > 0) handlers.taggedNode?.(id, latE7, lonE7, readTags(keys, values, context.strings));
}

function readDenseNodes(reader: ProtoReader, context: BlockContext, handlers: OsmHandlers): void {
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
        if (handlers.taggedNode) reader.readPackedVarints(keysValues);
        else reader.skip(key);
        break;
      default:
        reader.skip(key);
    }
  }
  if (lats.length !== ids.length || lons.length !== ids.length) throw new Error('osm.pbf: dense nodes with mismatched arrays');
  let id = 0;
  let lat = 0;
  let lon = 0;
  // keys_vals: for each node, (key, value) string indexes ending with a 0; empty when no node has tags.
  let k = 0;
  for (let i = 0; i < ids.length; i++) {
    id += ids[i]!;
    lat += lats[i]!;
    lon += lons[i]!;
    const latE7 = toE7(lat, context.latOffset, context.granularity);
    const lonE7 = toE7(lon, context.lonOffset, context.granularity);
    handlers.node?.(id, latE7, lonE7);
    if (keysValues.length === 0) continue;
    let tags: OsmTags | undefined;
    while (k < keysValues.length && keysValues[k] !== 0) {
      tags ??= new Map();
      tags.set(context.strings[keysValues[k]!] ?? '', context.strings[keysValues[k + 1]!] ?? '');
      k += 2;
    }
    k++;
    if (tags) handlers.taggedNode?.(id, latE7, lonE7, tags);
  }
}

function readTags(keys: readonly number[], values: readonly number[], strings: readonly string[]): OsmTags {
  const tags: OsmTags = new Map();
  for (let i = 0; i < keys.length; i++) tags.set(strings[keys[i]!] ?? '', strings[values[i]!] ?? '');
  return tags;
}

function readWay(reader: ProtoReader, context: BlockContext, onWay: NonNullable<OsmHandlers['way']>): void {
  let id = 0;
  const keys: number[] = [];
  const values: number[] = [];
  const refDeltas: number[] = [];
  while (reader.hasMore()) {
    const key = reader.readKey();
    switch (key >>> 3) {
      case 1:
        id = reader.readInt64();
        break;
      case 2:
        reader.readPackedVarints(keys);
        break;
      case 3:
        reader.readPackedVarints(values);
        break;
      case 8:
        reader.readPackedSignedVarints(refDeltas);
        break;
      default:
        reader.skip(key);
    }
  }
  let ref = 0;
  for (let i = 0; i < refDeltas.length; i++) {
    ref += refDeltas[i]!;
    refDeltas[i] = ref;
  }
  onWay(id, refDeltas, readTags(keys, values, context.strings));
}

function readRelation(reader: ProtoReader, context: BlockContext, onRelation: NonNullable<OsmHandlers['relation']>): void {
  let id = 0;
  const keys: number[] = [];
  const values: number[] = [];
  const roles: number[] = [];
  const memberDeltas: number[] = [];
  const types: number[] = [];
  while (reader.hasMore()) {
    const key = reader.readKey();
    switch (key >>> 3) {
      case 1:
        id = reader.readInt64();
        break;
      case 2:
        reader.readPackedVarints(keys);
        break;
      case 3:
        reader.readPackedVarints(values);
        break;
      case 8:
        reader.readPackedVarints(roles);
        break;
      case 9:
        reader.readPackedSignedVarints(memberDeltas);
        break;
      case 10:
        reader.readPackedVarints(types);
        break;
      default:
        reader.skip(key);
    }
  }
  const members: OsmRelationMember[] = [];
  let ref = 0;
  for (let i = 0; i < memberDeltas.length; i++) {
    ref += memberDeltas[i]!;
    members.push({ type: types[i] ?? memberNode, ref, role: context.strings[roles[i]!] ?? '' });
  }
  onRelation(id, members, readTags(keys, values, context.strings));
}

const utf8 = new TextDecoder();

function decodeUtf8(bytes: Uint8Array): string {
  return utf8.decode(bytes);
}
