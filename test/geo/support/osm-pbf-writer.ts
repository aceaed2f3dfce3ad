import { deflateSync } from 'node:zlib';

/** A minimal OSM PBF writer for tests: one dense-node group, then ways, then relations, zlib blobs. */

export interface TestNode {
  id: number;
  lat: number;
  lon: number;
  tags?: Record<string, string>;
}
export interface TestWay {
  id: number;
  refs: number[];
  tags: Record<string, string>;
}
export interface TestRelation {
  id: number;
  members: { type: 'node' | 'way'; ref: number; role: string }[];
  tags: Record<string, string>;
}

class ProtoWriter {
  private readonly bytes: number[] = [];

  varint(value: number): this {
    let rest = value;
    while (rest >= 0x80) {
      this.bytes.push((rest % 0x80) | 0x80);
      rest = Math.floor(rest / 0x80);
    }
    this.bytes.push(rest);
    return this;
  }

  key(field: number, wireType: number): this {
    return this.varint(field * 8 + wireType);
  }

  uint(field: number, value: number): this {
    return this.key(field, 0).varint(value);
  }

  bytesField(field: number, value: Uint8Array): this {
    this.key(field, 2).varint(value.length);
    for (const byte of value) this.bytes.push(byte);
    return this;
  }

  string(field: number, value: string): this {
    return this.bytesField(field, Buffer.from(value, 'utf8'));
  }

  packed(field: number, values: readonly number[], signed: boolean): this {
    const inner = new ProtoWriter();
    for (const value of values) inner.varint(signed ? zigzag(value) : value);
    return this.bytesField(field, inner.finish());
  }

  finish(): Uint8Array {
    return Uint8Array.from(this.bytes);
  }
}

function zigzag(value: number): number {
  return value >= 0 ? value * 2 : -value * 2 - 1;
}

function deltas(values: readonly number[]): number[] {
  return values.map((value, i) => value - (i > 0 ? values[i - 1]! : 0));
}

function blob(type: string, payload: Uint8Array): Buffer {
  const body = new ProtoWriter().uint(2, payload.length).bytesField(3, deflateSync(payload)).finish();
  const header = new ProtoWriter().string(1, type).uint(3, body.length).finish();
  const length = Buffer.alloc(4);
  length.writeUInt32BE(header.length);
  return Buffer.concat([length, header, body]);
}

export function writeOsmPbf(nodes: readonly TestNode[], ways: readonly TestWay[], relations: readonly TestRelation[]): Buffer {
  const strings = [''];
  // A map, not a search of the table: a city-size gazetteer has hundreds of thousands of strings.
  const ids = new Map<string, number>([['', 0]]);
  const stringId = (value: string): number => {
    let id = ids.get(value);
    if (id === undefined) {
      id = strings.push(value) - 1;
      ids.set(value, id);
    }
    return id;
  };
  const dense = new ProtoWriter()
    .packed(1, deltas(nodes.map((n) => n.id)), true)
    .packed(8, deltas(nodes.map((n) => Math.round(n.lat * 1e7))), true)
    .packed(9, deltas(nodes.map((n) => Math.round(n.lon * 1e7))), true);
  // Dense nodes keep all their tags in one list: key, value, … and a 0 after each node's.
  if (nodes.some((n) => n.tags !== undefined))
    dense.packed(
      10,
      nodes.flatMap((n) => [...Object.entries(n.tags ?? {}).flatMap(([k, v]) => [stringId(k), stringId(v)]), 0]),
      false,
    );
  const wayGroup = new ProtoWriter();
  for (const way of ways) {
    const entries = Object.entries(way.tags);
    const message = new ProtoWriter()
      .uint(1, way.id)
      .packed(
        2,
        entries.map(([k]) => stringId(k)),
        false,
      )
      .packed(
        3,
        entries.map(([, v]) => stringId(v)),
        false,
      )
      .packed(8, deltas(way.refs), true)
      .finish();
    wayGroup.bytesField(3, message);
  }
  const relationGroup = new ProtoWriter();
  for (const relation of relations) {
    const entries = Object.entries(relation.tags);
    const message = new ProtoWriter()
      .uint(1, relation.id)
      .packed(
        2,
        entries.map(([k]) => stringId(k)),
        false,
      )
      .packed(
        3,
        entries.map(([, v]) => stringId(v)),
        false,
      )
      .packed(
        8,
        relation.members.map((m) => stringId(m.role)),
        false,
      )
      .packed(9, deltas(relation.members.map((m) => m.ref)), true)
      .packed(
        10,
        relation.members.map((m) => (m.type === 'node' ? 0 : 1)),
        false,
      )
      .finish();
    relationGroup.bytesField(4, message);
  }
  const table = new ProtoWriter();
  const groups = [new ProtoWriter().bytesField(2, dense.finish()).finish(), wayGroup.finish(), relationGroup.finish()];
  for (const value of strings) table.string(1, value);
  const block = new ProtoWriter().bytesField(1, table.finish());
  for (const group of groups) block.bytesField(2, group);
  const header = new ProtoWriter().string(4, 'OsmSchema-V0.6').string(4, 'DenseNodes').finish();
  return Buffer.concat([blob('OSMHeader', header), blob('OSMData', block.finish())]);
}
