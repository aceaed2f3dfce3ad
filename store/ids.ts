import { randomBytes } from 'node:crypto';

/**
 * Random URL-safe base64 id of `bytes` random bytes (16 → 22 characters, the task id form of the
 * compatible API). Never starts with `-`, so a command line never mistakes an id for an option.
 */
export function randomId(bytes: number): string {
  for (;;) {
    const id = randomBytes(bytes).toString('base64url');
    if (!id.startsWith('-')) return id;
  }
}
