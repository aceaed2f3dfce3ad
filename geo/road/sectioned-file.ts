import { readFileSync, writeFileSync, renameSync } from 'node:fs';

/**
 * A binary container of named typed arrays: magic, a JSON header listing each section's type,
 * offset and length, then the arrays themselves, 8-byte aligned so that loading is a matter of
 * creating views over one buffer (no parsing, no copying).
 */

export type TypedArray = Int32Array | Uint32Array | Float64Array | Uint8Array;

const magic = 'WPSECT01';
const constructors = { Int32Array, Uint32Array, Float64Array, Uint8Array } as const;
type ArrayType = keyof typeof constructors;

interface SectionEntry {
  name: string;
  type: ArrayType;
  offset: number;
  length: number;
}

interface FileHeader<Meta> {
  meta: Meta;
  sections: SectionEntry[];
}

export interface SectionedContents<Meta> {
  meta: Meta;
  sections: Map<string, TypedArray>;
}

function align8(value: number): number {
  return (value + 7) & ~7;
}

export function writeSectionedFile<Meta>(path: string, meta: Meta, sections: ReadonlyMap<string, TypedArray>): number {
  const entries: SectionEntry[] = [...sections].map(([name, array]) => ({ name, type: array.constructor.name as ArrayType, offset: 0, length: array.length }));
  // Offsets depend on the header's own length, which depends on the offsets' digits: iterate until stable.
  let headerBytes = Buffer.alloc(0);
  for (let pass = 0; pass < 4; pass++) {
    let offset = align8(magic.length + 4 + headerBytes.length);
    for (let i = 0; i < entries.length; i++) {
      entries[i]!.offset = offset;
      offset = align8(offset + sections.get(entries[i]!.name)!.byteLength);
    }
    const next = Buffer.from(JSON.stringify({ meta, sections: entries } satisfies FileHeader<Meta>), 'utf8');
    const settled = next.length === headerBytes.length;
    headerBytes = next;
    if (settled) break;
  }
  const last = entries[entries.length - 1];
  const total = last ? align8(last.offset + sections.get(last.name)!.byteLength) : align8(magic.length + 4 + headerBytes.length);
  const file = Buffer.alloc(total);
  file.write(magic, 0, 'latin1');
  file.writeUInt32LE(headerBytes.length, magic.length);
  headerBytes.copy(file, magic.length + 4);
  for (const entry of entries) {
    const array = sections.get(entry.name)!;
    file.set(new Uint8Array(array.buffer, array.byteOffset, array.byteLength), entry.offset);
  }
  // Write then rename, so a reader never sees a half-written graph.
  const temporary = `${path}.partial`;
  writeFileSync(temporary, file);
  renameSync(temporary, path);
  return total;
}

export function readSectionedFile<Meta>(path: string): SectionedContents<Meta> {
  let file = readFileSync(path);
  if (file.toString('latin1', 0, magic.length) !== magic) throw new Error(`${path}: not a wayplan graph file`);
  if (file.byteOffset % 8 !== 0) {
    const aligned = new Uint8Array(file.length);
    aligned.set(file);
    file = Buffer.from(aligned.buffer);
  }
  const headerLength = file.readUInt32LE(magic.length);
  const header = JSON.parse(file.toString('utf8', magic.length + 4, magic.length + 4 + headerLength)) as FileHeader<Meta>;
  const sections = new Map<string, TypedArray>();
  for (const entry of header.sections) {
    const Constructor = constructors[entry.type];
    if (!Constructor) throw new Error(`${path}: unknown section type ${entry.type}`);
    if (entry.offset + entry.length * Constructor.BYTES_PER_ELEMENT > file.length) throw new Error(`${path}: truncated section ${entry.name}`);
    sections.set(entry.name, new Constructor(file.buffer, file.byteOffset + entry.offset, entry.length));
  }
  return { meta: header.meta, sections };
}
