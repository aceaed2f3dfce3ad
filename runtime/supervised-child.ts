import { spawn, type ChildProcess } from 'node:child_process';
import type { Logger } from './logger.js';
import { stopChild } from './start-service.js';

/**
 * A child process kept alive: restarted with backoff when it dies unexpectedly, stopped with
 * SIGTERM (then SIGKILL after a grace period) on request.
 */
export class SupervisedChild {
  private child: ChildProcess | undefined;
  private stopping = false;
  private restartDelayMs = 1000;
  private restartTimer: NodeJS.Timeout | undefined;

  constructor(
    readonly name: string,
    private readonly command: string,
    private readonly args: string[],
    /** Variables set for the child on top of this process's environment. */
    private readonly env: NodeJS.ProcessEnv,
    private readonly log: Logger,
  ) {}

  start(): void {
    const startedAt = Date.now();
    const child = spawn(this.command, this.args, { env: { ...process.env, ...this.env }, stdio: ['ignore', 'inherit', 'inherit'] });
    this.child = child;
    child.once('exit', (code, signal) => {
      if (this.child === child) this.child = undefined;
      if (this.stopping) return;
      // A child that ran a while before dying gets a quick restart; a crash loop backs off.
      if (Date.now() - startedAt > 60000) this.restartDelayMs = 1000;
      this.log.error(`${this.name} exited (${signal ?? `code ${code}`}); restarting in ${this.restartDelayMs / 1000} s`);
      this.restartTimer = setTimeout(() => this.start(), this.restartDelayMs);
      this.restartDelayMs = Math.min(this.restartDelayMs * 2, 30000);
    });
  }

  async stop(graceMs = 15000): Promise<void> {
    this.stopping = true;
    clearTimeout(this.restartTimer);
    if (this.child) await stopChild(this.child, 'SIGTERM', graceMs);
  }
}
