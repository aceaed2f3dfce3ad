/**
 * A 32-bit hash of the jobs at positions 1..size of a route's node sequence, salted so that two
 * salts give two independent hashes: with the size they tell whether a route kept its content.
 */
export function sequenceHash(nodes: Int32Array, size: number, salt = 0): number {
  let hash = size ^ salt;
  const multiplier = salt === 0 ? 0x9e3779b1 : 0x85ebca6b;
  for (let i = 1; i <= size; i++) hash = Math.imul(hash ^ nodes[i]!, multiplier) ^ (hash >>> 15);
  return hash;
}
