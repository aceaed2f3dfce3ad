import { closeSync, fstatSync, openSync, readSync, renameSync, rmSync, writeSync } from 'node:fs';

/**
 * A binary container of named typed arrays: a fixed front (magic, then where the header is and
 * its length), the arrays themselves, 8-byte aligned, then a JSON header listing each section's
 * type, offset and length. The header goes last because its offsets are known only once every
 * section is written: the writer never copies the sections, which for a 1000 x 1000 grid's graph
 * are about 15 GB. Loading reads each section straight into a typed array of its own (no
 * parsing): one buffer for the whole file cannot exceed 2 GiB.
 */

export type TypedArray = Int32Array | Uint32Array | Float64Array | Uint8Array;

const magic = 'WPSECT02';
/** Magic, the header's offset (a float64: files pass 4 GiB) and its length (a uint32). */
const frontBytes = magic.length + 8 + 4;
const dataStart = align8(frontBytes);
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

/** Bytes per read or write call: one call cannot pass 2 GiB. */
const ioChunkBytes = 2 ** 30;

function align8(value: number): number {
  // Not a bit mask: offsets pass 2^31 in large graphs.
  return Math.ceil(value / 8) * 8;
}

/**
 * Writes a sectioned file one section at a time, so that a caller can drop each array once it is
 * written (an import holds one travel class in memory, not all of them). Sections go into a
 * partial file as they come; `finish` appends the header, fills in the front and renames the
 * result into place, so a reader never sees a half-written file.
 */
export class SectionedFileWriter {
  private readonly partial: string;
  private readonly file: number;
  private readonly entries: SectionEntry[] = [];
  private end = dataStart;

  constructor(private readonly path: string) {
    this.partial = partialPath(path);
    this.file = openSync(this.partial, 'w');
  }

  add(name: string, array: TypedArray): void {
    this.entries.push({ name, type: array.constructor.name as ArrayType, offset: this.end, length: array.length });
    writeFully(this.file, new Uint8Array(array.buffer, array.byteOffset, array.byteLength), this.end);
    this.end += align8(array.byteLength);
  }

  /** Writes the header and puts the file into place; returns the file's size in bytes. */
  finish<Meta>(meta: Meta): number {
    const header = Buffer.from(JSON.stringify({ meta, sections: this.entries } satisfies FileHeader<Meta>), 'utf8');
    const front = Buffer.alloc(dataStart);
    front.write(magic, 0, 'latin1');
    front.writeDoubleLE(this.end, magic.length);
    front.writeUInt32LE(header.length, magic.length + 8);
    try {
      writeFully(this.file, header, this.end);
      writeFully(this.file, front, 0);
    } finally {
      closeSync(this.file);
    }
    renameSync(this.partial, this.path);
    return this.end + header.length;
  }

  /** Drops what was written (the import failed); the target path is left untouched. */
  abort(): void {
    try {
      closeSync(this.file);
    } catch {
      // Already closed by a failed finish.
    }
    removePartialFiles(this.path);
  }
}

const partialPath = (path: string): string => `${path}.partial`;

/**
 * Removes what a writer to `path` leaves beside it until it finishes or aborts. A killed process
 * can do neither (the import is synchronous, so no signal handler runs before it ends): the next
 * writer to the same path clears the leftovers before it starts.
 */
export function removePartialFiles(path: string): void {
  rmSync(partialPath(path), { force: true });
}

/** Closes the descriptor of a reader nobody holds any more. */
const unreachableReaders = new FinalizationRegistry<number>((file) => closeSync(file));

/**
 * An open sectioned file whose sections are read when asked for, each into a typed array of its
 * own. The descriptor stays open for the reader's life: a new file renamed into place at the same
 * path (a re-import) leaves this reader on the file it opened, never mixing the two.
 */
export class SectionedFileReader<Meta> {
  readonly meta: Meta;
  private readonly entries = new Map<string, SectionEntry>();

  private constructor(
    private readonly path: string,
    private readonly file: number,
  ) {
    const header = readHeader<Meta>(file, path);
    const fileBytes = fstatSync(file).size;
    for (const entry of header.sections) {
      const Constructor = constructors[entry.type];
      if (!Constructor) throw new Error(`${path}: unknown section type ${entry.type}`);
      if (entry.offset + entry.length * Constructor.BYTES_PER_ELEMENT > fileBytes)
        throw new Error(`${path}: truncated section ${entry.name}`);
      this.entries.set(entry.name, entry);
    }
    this.meta = header.meta;
    unreachableReaders.register(this, file);
  }

  static open<Meta>(path: string): SectionedFileReader<Meta> {
    const file = openSync(path, 'r');
    try {
      return new SectionedFileReader<Meta>(path, file);
    } catch (error) {
      closeSync(file);
      throw error;
    }
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** Reads a section from the file (every call reads it again). */
  section(name: string): TypedArray {
    const entry = this.entries.get(name);
    if (!entry) throw new Error(`${this.path}: missing section ${name}`);
    const array = new constructors[entry.type](entry.length);
    readFully(this.file, new Uint8Array(array.buffer), entry.offset, this.path);
    return array;
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
  const front = Buffer.alloc(frontBytes);
  readFully(file, front, 0, path);
  if (front.toString('latin1', 0, magic.length) !== magic) throw new Error(`${path}: not a wayplan graph file of this version`);
  const header = Buffer.alloc(front.readUInt32LE(magic.length + 8));
  readFully(file, header, front.readDoubleLE(magic.length), path);
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

/** Writes all of `bytes` at `position`, `ioChunkBytes` at a time. */
function writeFully(file: number, bytes: Uint8Array, position: number): void {
  for (let done = 0; done < bytes.length;)
    done += writeSync(file, bytes, done, Math.min(bytes.length - done, ioChunkBytes), position + done);
}
