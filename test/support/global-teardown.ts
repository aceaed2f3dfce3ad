import type { ChildProcess } from 'node:child_process';
import { rmSync } from 'node:fs';

export default async function globalTeardown(): Promise<void> {
  const infra = (globalThis as Record<string, unknown>).__wayplanInfra as { child: ChildProcess; dataDir: string } | undefined;
  if (!infra) return;
  if (infra.child.exitCode === null && infra.child.signalCode === null) {
    const exited = new Promise<void>((r) => infra.child.once('exit', () => r()));
    infra.child.kill('SIGTERM');
    await exited;
  }
  rmSync(infra.dataDir, { recursive: true, force: true });
}
