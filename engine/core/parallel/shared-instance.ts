import type { CompiledInstance } from '../compiled/compiled-instance.js';

/** Arrays below this many bytes are cheaper to copy into each thread than to share. */
const SHARE_FROM_BYTES = 64 * 1024;

type Typed = Float64Array | Float32Array | Int32Array | Uint32Array;

function shared<T extends Typed>(array: T): T {
  if (array.byteLength < SHARE_FROM_BYTES || array.buffer instanceof SharedArrayBuffer) return array;
  const copy = new (array.constructor as new (buffer: SharedArrayBuffer) => T)(new SharedArrayBuffer(array.byteLength));
  copy.set(array as never);
  return copy;
}

/**
 * The instance with its large arrays (the travel matrices above all) in shared memory, so that
 * every solver thread reads one copy instead of structured-cloning its own: at 10,000 nodes a
 * matrix is 800 MB.
 */
export function sharedInstance(instance: CompiledInstance): CompiledInstance {
  const entries = Object.entries(instance).map(
    ([key, value]) => [key, ArrayBuffer.isView(value) && !(value instanceof DataView) ? shared(value as Typed) : value] as const,
  );
  return Object.fromEntries(entries) as unknown as CompiledInstance;
}
