import { closeSync, fstatSync, openSync, readSync, renameSync, rmSync, writeSync } from 'node:fs';

/**
 * A binary container of named typed arrays: magic, a JSON header listing each section's type,
 * offset and length, then the arrays themselves, 8-byte aligned. Loading reads each section
 * straight into a typed array of its own (no parsing): one buffer for the whole file cannot
 * exceed 2 GiB, and a 1000 x 1000 grid's graph is about 15 GB.
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

/** Bytes per read or write call: one call cannot pass 2 GiB. */
const ioChunkBytes = 2 ** 30;

function align8(value: number): number {
  // Not a bit mask: offsets pass 2^31 in large graphs.
  return Math.ceil(value / 8) * 8;
}

/**
 * Writes a sectioned file one section at a time, so that a caller can drop each array once it is
 * written (an import holds one travel class in memory, not all of them). Sections go to a data
 * file as they come; `finish` puts the header (whose offsets are known only then) in front of
 * them and renames the result into place, so a reader never sees a half-written file.
 */
export class SectionedFileWriter {
  private readonly dataPath: string;
  private readonly data: number;
  private readonly entries: SectionEntry[] = [];
  private dataBytes = 0;

  constructor(private readonly path: string) {
    this.dataPath = partialDataPath(path);
    this.data = openSync(this.dataPath, 'w');
  }

  add(name: string, array: TypedArray): void {
    this.entries.push({ name, type: array.constructor.name as ArrayType, offset: this.dataBytes, length: array.length });
    const bytes = new Uint8Array(array.buffer, array.byteOffset, array.byteLength);
    for (let done = 0; done < bytes.length;) done += writeSync(this.data, bytes, done, Math.min(bytes.length - done, ioChunkBytes));
    const padding = align8(array.byteLength) - array.byteLength;
    if (padding > 0) writeSync(this.data, new Uint8Array(padding));
    this.dataBytes += align8(array.byteLength);
  }

  /** Writes the header and the sections into place; returns the file's size in bytes. */
  finish<Meta>(meta: Meta): number {
    closeSync(this.data);
    // Offsets depend on the header's own length, which depends on the offsets' digits: iterate until stable.
    let headerBytes = Buffer.alloc(0);
    let dataStart = 0;
    for (let pass = 0; pass < 4; pass++) {
      dataStart = align8(magic.length + 4 + headerBytes.length);
      const sections = this.entries.map((entry) => ({ ...entry, offset: dataStart + entry.offset }));
      const next = Buffer.from(JSON.stringify({ meta, sections } satisfies FileHeader<Meta>), 'utf8');
      const settled = next.length === headerBytes.length;
      headerBytes = next;
      if (settled) break;
    }
    const front = Buffer.alloc(dataStart);
    front.write(magic, 0, 'latin1');
    front.writeUInt32LE(headerBytes.length, magic.length);
    headerBytes.copy(front, magic.length + 4);
    const temporary = partialPath(this.path);
    const file = openSync(temporary, 'w');
    const data = openSync(this.dataPath, 'r');
    try {
      writeSync(file, front);
      const chunk = Buffer.alloc(Math.min(copyChunkBytes, Math.max(1, this.dataBytes)));
      for (let copied = 0; copied < this.dataBytes;) {
        const read = readSync(data, chunk, 0, chunk.length, copied);
        if (read === 0) throw new Error(`${this.dataPath}: ended after ${copied} of ${this.dataBytes} bytes`);
        writeSync(file, chunk, 0, read);
        copied += read;
      }
    } finally {
      closeSync(data);
      closeSync(file);
    }
    rmSync(this.dataPath);
    renameSync(temporary, this.path);
    return dataStart + this.dataBytes;
  }

  /** Drops what was written (the import failed); the target path is left untouched. */
  abort(): void {
    try {
      closeSync(this.data);
    } catch {
      // Already closed by a failed finish.
    }
    removePartialFiles(this.path);
  }
}

const partialDataPath = (path: string): string => `${path}.partial-data`;
const partialPath = (path: string): string => `${path}.partial`;

/**
 * Removes what a writer to `path` leaves beside it until it finishes or aborts. A killed process
 * can do neither (the import is synchronous, so no signal handler runs before it ends): the next
 * writer to the same path clears the leftovers before it starts.
 */
export function removePartialFiles(path: string): void {
  rmSync(partialDataPath(path), { force: true });
  rmSync(partialPath(path), { force: true });
}

const copyChunkBytes = 16 * 2 ** 20;

export function readSectionedFile<Meta>(path: string): SectionedContents<Meta> {
  const file = openSync(path, 'r');
  try {
    const header = readHeader<Meta>(file, path);
    const fileBytes = fstatSync(file).size;
    const sections = new Map<string, TypedArray>();
    for (const entry of header.sections) {
      const Constructor = constructors[entry.type];
      if (!Constructor) throw new Error(`${path}: unknown section type ${entry.type}`);
      if (entry.offset + entry.length * Constructor.BYTES_PER_ELEMENT > fileBytes)
        throw new Error(`${path}: truncated section ${entry.name}`);
      const array = new Constructor(entry.length);
      readFully(file, new Uint8Array(array.buffer), entry.offset, path);
      sections.set(entry.name, array);
    }
    return { meta: header.meta, sections };
  } finally {
    closeSync(file);
  }
}

/** The meta of a sectioned file, without its sections. */
export function readSectionedMeta<Meta>(path: string): Meta {
  const file = openSync(path, 'r');
  try {
    return readHeader<Meta>(file, path).meta;
  } finally {
    closeSync(file);
  }
}

function readHeader<Meta>(file: number, path: string): FileHeader<Meta> {
  const front = Buffer.alloc(magic.length + 4);
  readFully(file, front, 0, path);
  if (front.toString('latin1', 0, magic.length) !== magic) throw new Error(`${path}: not a wayplan graph file`);
  const header = Buffer.alloc(front.readUInt32LE(magic.length));
  readFully(file, header, front.length, path);
  return JSON.parse(header.toString('utf8')) as FileHeader<Meta>;
}

/** Fills `into` from `position` on, `ioChunkBytes` at a time. */
function readFully(file: number, into: Uint8Array, position: number, path: string): void {
  for (let done = 0; done < into.length;) {
    const read = readSync(file, into, done, Math.min(into.length - done, ioChunkBytes), position + done);
    if (read === 0) throw new Error(`${path}: truncated at byte ${position + done}`);
    done += read;
  }
}
