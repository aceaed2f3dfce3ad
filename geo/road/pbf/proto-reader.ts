/**
 * A minimal protocol-buffers wire-format reader: just what the OSM PBF messages need.
 * 64-bit varints are decoded into JavaScript numbers, which is exact for every OSM id and
 * coordinate (all below 2^53).
 */

export const wireVarint = 0;
export const wireFixed64 = 1;
export const wireLengthDelimited = 2;
export const wireFixed32 = 5;

export class ProtoReader {
  pos: number;
  readonly end: number;

  constructor(
    readonly bytes: Uint8Array,
    start = 0,
    end = bytes.length,
  ) {
    this.pos = start;
    this.end = end;
  }

  hasMore(): boolean {
    return this.pos < this.end;
  }

  /** Reads a field key; returns field number × 8 + wire type, as in the encoding. */
  readKey(): number {
    return this.readVarint();
  }

  readVarint(): number {
    const bytes = this.bytes;
    let byte = bytes[this.pos++]!;
    let value = byte & 0x7f;
    if (byte < 0x80) return value;
    let shift = 7;
    // The low 28 bits fit in a 32-bit int; past them, multiply to stay exact beyond 2^31.
    while (shift < 28) {
      byte = bytes[this.pos++]!;
      value |= (byte & 0x7f) << shift;
      if (byte < 0x80) return value >>> 0;
      shift += 7;
    }
    value >>>= 0;
    let factor = 2 ** 28;
    for (;;) {
      byte = bytes[this.pos++]!;
      value += (byte & 0x7f) * factor;
      if (byte < 0x80) return value;
      factor *= 128;
      if (factor > 2 ** 70) throw new Error('protobuf: varint too long');
    }
  }

  /** A zigzag-encoded signed varint (sint32/sint64). */
  readSignedVarint(): number {
    const raw = this.readVarint();
    // Arithmetic rather than bit operations: raw may exceed 32 bits.
    return raw % 2 === 0 ? raw / 2 : -(raw + 1) / 2;
  }

  /** An int64 that may be negative (two's complement, ten bytes on the wire). */
  readInt64(): number {
    const raw = this.readVarint();
    return raw >= 2 ** 63 ? raw - 2 ** 64 : raw;
  }

  readLength(): number {
    const length = this.readVarint();
    if (this.pos + length > this.end) throw new Error('protobuf: length past end of message');
    return length;
  }

  /** A sub-reader over a length-delimited field, advancing past it. */
  readMessage(): ProtoReader {
    const length = this.readLength();
    const sub = new ProtoReader(this.bytes, this.pos, this.pos + length);
    this.pos += length;
    return sub;
  }

  readBytes(): Uint8Array {
    const length = this.readLength();
    const slice = this.bytes.subarray(this.pos, this.pos + length);
    this.pos += length;
    return slice;
  }

  readPackedVarints(into: number[]): void {
    const sub = this.readMessage();
    while (sub.hasMore()) into.push(sub.readVarint());
  }

  readPackedSignedVarints(into: number[]): void {
    const sub = this.readMessage();
    while (sub.hasMore()) into.push(sub.readSignedVarint());
  }

  skip(key: number): void {
    switch (key & 7) {
      case wireVarint:
        this.readVarint();
        return;
      case wireFixed64:
        this.pos += 8;
        return;
      case wireLengthDelimited: {
        const length = this.readLength();
        this.pos += length;
        return;
      }
      case wireFixed32:
        this.pos += 4;
        return;
      default:
        throw new Error(`protobuf: unsupported wire type ${key & 7}`);
    }
  }
}

/** Reads one field (its key already read) into the message being built. */
export type FieldReader<T> = (reader: ProtoReader, into: T, key: number) => void;

/** A message's field readers by field number; fields without one are skipped. */
export type MessageFields<T> = Readonly<Record<number, FieldReader<T>>>;

/** Reads a message field by field, each by its reader in `fields`, into `into`; returns `into`. */
export function readFields<T>(reader: ProtoReader, fields: MessageFields<T>, into: T): T {
  while (reader.hasMore()) {
    const key = reader.readKey();
    const read = fields[key >>> 3];
    if (read) read(reader, into, key);
    else reader.skip(key);
  }
  return into;
}
