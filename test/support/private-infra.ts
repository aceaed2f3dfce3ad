import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createLogger } from '../../runtime/logger.js';
import { EmbeddedPostgres, type RunningPostgres } from '../../runtime/postgres.js';
import { EmbeddedTemporal, type RunningTemporal } from '../../runtime/temporal-server.js';
import { migrate } from '../../store/migrate.js';

/**
 * A PostgreSQL and a Temporal dev server of one test file's own, for tests that kill or restart
 * them: the suite's shared servers must stay up for the other files. Both restart on the same
 * data folder and port, as a supervised server would.
 */
export class PrivateInfra {
  private readonly log = createLogger('error', 'private-infra');

  private constructor(
    private readonly dataDir: string,
    private database: RunningPostgres,
    private temporal: RunningTemporal | undefined,
  ) {}

  static async start(): Promise<PrivateInfra> {
    const dataDir = mkdtempSync(join(tmpdir(), 'wayplan-chaos-'));
    const log = createLogger('error', 'private-infra');
    const database = await new EmbeddedPostgres(dataDir, log).start();
    await migrate(database.url);
    const temporal = await new EmbeddedTemporal(dataDir, log).start();
    return new PrivateInfra(dataDir, database, temporal);
  }

  get databaseUrl(): string {
    return this.database.url;
  }

  get temporalAddress(): string {
    return this.temporal!.address;
  }

  /** SIGKILL of the Temporal dev server, then the same server again on its file and port. */
  async killTemporal(downMs: number): Promise<void> {
    const child = this.temporal!.process!;
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    child.kill('SIGKILL');
    await exited;
    this.temporal = undefined;
    await new Promise((r) => setTimeout(r, downMs));
    this.temporal = await new EmbeddedTemporal(this.dataDir, this.log).start();
  }

  /** A restart of PostgreSQL: fast shutdown (open transactions rolled back), then start again. */
  async restartPostgres(downMs: number): Promise<void> {
    await this.database.stop();
    await new Promise((r) => setTimeout(r, downMs));
    this.database = await new EmbeddedPostgres(this.dataDir, this.log).start();
  }

  async stop(): Promise<void> {
    await this.temporal?.stop();
    await this.database.stop();
    rmSync(this.dataDir, { recursive: true, force: true });
  }
}
