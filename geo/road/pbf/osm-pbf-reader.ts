import { inflateSync } from 'node:zlib';
import { ProtoReader, readFields, type FieldReader, type MessageFields } from './proto-reader.js';

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

/** A primitive block as read: its context, and its groups to read once the context is complete. */
interface Block extends BlockContext {
  groups: ProtoReader[];
}

const blockFields: MessageFields<Block> = {
  1: (reader, block) => (block.strings = readStringTable(reader.readMessage())),
  2: (reader, block) => block.groups.push(reader.readMessage()),
  17: (reader, block) => (block.granularity = reader.readVarint()),
  19: (reader, block) => (block.latOffset = reader.readInt64()),
  20: (reader, block) => (block.lonOffset = reader.readInt64()),
};

function readPrimitiveBlock(reader: ProtoReader, handlers: OsmHandlers): void {
  // Groups refer to the string table and offsets, which may come after them in the block.
  const block = readFields(reader, blockFields, { strings: [], granularity: 100, latOffset: 0, lonOffset: 0, groups: [] });
  for (const group of block.groups) readPrimitiveGroup(group, block, handlers);
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

interface Group {
  context: BlockContext;
  handlers: OsmHandlers;
}

/** Reads an element's message with `read` when a handler wants it (`wanted`), else skips it. */
function element(wanted: (handlers: OsmHandlers) => unknown, read: (reader: ProtoReader, group: Group) => void): FieldReader<Group> {
  return (reader, group, key) => {
    if (wanted(group.handlers)) read(reader.readMessage(), group);
    else reader.skip(key);
  };
}

const wantsNodes = (handlers: OsmHandlers): boolean => handlers.node !== undefined || handlers.taggedNode !== undefined;

const groupFields: MessageFields<Group> = {
  1: element(wantsNodes, (reader, { context, handlers }) => readNode(reader, context, handlers)),
  2: element(wantsNodes, (reader, { context, handlers }) => readDenseNodes(reader, context, handlers)),
  3: element(
    (handlers) => handlers.way,
    (reader, { context, handlers }) => readWay(reader, context, handlers.way!),
  ),
  4: element(
    (handlers) => handlers.relation,
    (reader, { context, handlers }) => readRelation(reader, context, handlers.relation!),
  ),
};

function readPrimitiveGroup(reader: ProtoReader, context: BlockContext, handlers: OsmHandlers): void {
  readFields(reader, groupFields, { context, handlers });
}

function toE7(raw: number, offset: number, granularity: number): number {
  // Nanodegrees to 1e-7 degrees; exact for the usual granularity of 100 and offset 0.
  return Math.round((offset + granularity * raw) / 100);
}

/** The key and value string indexes of an element's tags (fields 2 and 3 of nodes, ways and relations). */
interface Tagged {
  keys: number[];
  values: number[];
  /** Whether the tags are wanted; when not, they are skipped undecoded. */
  tagged: boolean;
}

function tagFields<T extends Tagged>(): MessageFields<T> {
  return {
    2: (reader, into, key) => (into.tagged ? reader.readPackedVarints(into.keys) : reader.skip(key)),
    3: (reader, into, key) => (into.tagged ? reader.readPackedVarints(into.values) : reader.skip(key)),
  };
}

interface NodeMessage extends Tagged {
  id: number;
  lat: number;
  lon: number;
}

const nodeFields: MessageFields<NodeMessage> = {
  ...tagFields<NodeMessage>(),
  1: (reader, node) => (node.id = reader.readSignedVarint()),
  8: (reader, node) => (node.lat = reader.readSignedVarint()),
  9: (reader, node) => (node.lon = reader.readSignedVarint()),
};

function readNode(reader: ProtoReader, context: BlockContext, handlers: OsmHandlers): void {
  const start = { id: 0, lat: 0, lon: 0, keys: [], values: [], tagged: handlers.taggedNode !== undefined };
  const { id, lat, lon, keys, values } = readFields<NodeMessage>(reader, nodeFields, start);
  const latE7 = toE7(lat, context.latOffset, context.granularity);
  const lonE7 = toE7(lon, context.lonOffset, context.granularity);
  handlers.node?.(id, latE7, lonE7);
  if (keys.length > 0) handlers.taggedNode?.(id, latE7, lonE7, readTags(keys, values, context.strings));
}

interface DenseNodesMessage {
  ids: number[];
  lats: number[];
  lons: number[];
  keysValues: number[];
  tagged: boolean;
}

const denseNodeFields: MessageFields<DenseNodesMessage> = {
  1: (reader, dense) => reader.readPackedSignedVarints(dense.ids),
  8: (reader, dense) => reader.readPackedSignedVarints(dense.lats),
  9: (reader, dense) => reader.readPackedSignedVarints(dense.lons),
  10: (reader, dense, key) => (dense.tagged ? reader.readPackedVarints(dense.keysValues) : reader.skip(key)),
};

function readDenseNodes(reader: ProtoReader, context: BlockContext, handlers: OsmHandlers): void {
  const start = { ids: [], lats: [], lons: [], keysValues: [], tagged: handlers.taggedNode !== undefined };
  const { ids, lats, lons, keysValues } = readFields<DenseNodesMessage>(reader, denseNodeFields, start);
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

/** Ways and relations: an int64 id (field 1) and their tags, always decoded. */
interface ElementMessage extends Tagged {
  id: number;
}

function elementFields<T extends ElementMessage>(): MessageFields<T> {
  return { ...tagFields<T>(), 1: (reader, into) => (into.id = reader.readInt64()) };
}

interface WayMessage extends ElementMessage {
  refs: number[];
}

const wayFields: MessageFields<WayMessage> = {
  ...elementFields<WayMessage>(),
  8: (reader, way) => reader.readPackedSignedVarints(way.refs),
};

function readWay(reader: ProtoReader, context: BlockContext, onWay: NonNullable<OsmHandlers['way']>): void {
  const { id, keys, values, refs } = readFields<WayMessage>(reader, wayFields, { id: 0, keys: [], values: [], tagged: true, refs: [] });
  // The refs are delta-coded: sum them in place.
  let ref = 0;
  for (let i = 0; i < refs.length; i++) {
    ref += refs[i]!;
    refs[i] = ref;
  }
  onWay(id, refs, readTags(keys, values, context.strings));
}

interface RelationMessage extends ElementMessage {
  roles: number[];
  memberDeltas: number[];
  types: number[];
}

const relationFields: MessageFields<RelationMessage> = {
  ...elementFields<RelationMessage>(),
  8: (reader, relation) => reader.readPackedVarints(relation.roles),
  9: (reader, relation) => reader.readPackedSignedVarints(relation.memberDeltas),
  10: (reader, relation) => reader.readPackedVarints(relation.types),
};

function readRelation(reader: ProtoReader, context: BlockContext, onRelation: NonNullable<OsmHandlers['relation']>): void {
  const start = { id: 0, keys: [], values: [], tagged: true, roles: [], memberDeltas: [], types: [] };
  const { id, keys, values, roles, memberDeltas, types } = readFields<RelationMessage>(reader, relationFields, start);
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
