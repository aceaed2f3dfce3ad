import { open, rm, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const lockName = '.wayplan-sync.lock';
/** A lock older than this was left by a process that died mid-sync. */
const staleMs = 120_000;
const waitMs = 60_000;

/**
 * Runs `work` holding the folder's sync lock: syncs of several territories (parallel activities,
 * possibly in several worker processes on this host) read-modify-write the same routes.csv and
 * stops.csv, and must not lose each other's rows. `signal` ends the wait for the lock.
 */
export async function withFolderLock<T>(folder: string, signal: AbortSignal | undefined, work: () => Promise<T>): Promise<T> {
  const path = join(folder, lockName);
  const deadline = Date.now() + waitMs;
  for (;;) {
    try {
      const handle = await open(path, 'wx');
      await handle.writeFile(String(process.pid));
      await handle.close();
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const held = await stat(path).catch(() => undefined);
      if (held !== undefined && Date.now() - held.mtimeMs > staleMs) await rm(path, { force: true });
      else if (Date.now() > deadline) throw new Error(`${folder} stays locked by another sync (${path})`);
      else await sleep(25 + Math.random() * 75, undefined, { signal });
    }
  }
  try {
    return await work();
  } finally {
    await rm(path, { force: true });
  }
}
