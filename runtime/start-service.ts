import { spawn, type ChildProcess } from 'node:child_process';

export interface StartedService {
  process: ChildProcess;
  /** Resolves when the process has exited. */
  exited: Promise<void>;
  /** Sends `signal`, then SIGKILL when it has not exited after `graceMs`; resolves once it has exited. */
  stop(signal: NodeJS.Signals, graceMs: number): Promise<void>;
}

/** Sends `signal` to a child, then SIGKILL when it has not exited after `graceMs`; resolves once it has exited. */
export async function stopChild(child: ChildProcess, signal: NodeJS.Signals, graceMs: number): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), graceMs);
  await exited;
  clearTimeout(timer);
}

/** Chunks of stderr kept: enough to say why a server that exits during start did so. */
const stderrChunks = 50;

/**
 * Spawns a server (an embedded PostgreSQL or Temporal) and waits for `ready` (its ports answering).
 * When it exits first, the start fails with the tail of its stderr, named `name`; a start that fails
 * either way kills it.
 */
export async function startService(
  name: string,
  command: string,
  args: readonly string[],
  account: { uid: number; gid: number } | undefined,
  ready: () => Promise<unknown>,
): Promise<StartedService> {
  const child = spawn(command, args, { stdio: ['ignore', 'ignore', 'pipe'], ...(account ?? {}) });
  const stderr: string[] = [];
  child.stderr!.on('data', (chunk: Buffer) => {
    stderr.push(chunk.toString());
    if (stderr.length > stderrChunks) stderr.shift();
  });
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  try {
    await Promise.race([
      ready(),
      exited.then(() => {
        throw new Error(`${name} exited during start: ${stderr.join('').trim()}`);
      }),
    ]);
  } catch (err) {
    child.kill('SIGKILL');
    throw err;
  }
  return {
    process: child,
    exited,
    stop: (signal, graceMs) => stopChild(child, signal, graceMs),
  };
}
