import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { freePort } from '../../runtime/ports.js';
import { cliMain } from './paths.js';
import { hashPassword } from '../../store/passwords.js';

export interface TestUser {
  account: string;
  user: string;
  password: string;
  /** `Authorization` header value for HTTP Basic, with the colon percent-encoded as clients send it. */
  basic: string;
}

/**
 * An API and a worker process started for one test file against the suite's PostgreSQL and
 * Temporal, on a free port and with their own task queues, so files never disturb each other.
 */
export class TestStack {
  readonly baseUrl: string;
  private api: ChildProcess | undefined;
  private worker: ChildProcess | undefined;
  private readonly env: NodeJS.ProcessEnv;
  private readonly pool: pg.Pool;

  private constructor(
    readonly port: number,
    env: Record<string, string>,
  ) {
    this.baseUrl = `http://127.0.0.1:${port}`;
    this.env = {
      ...process.env,
      DATABASE_URL: process.env.WAYPLAN_TEST_DATABASE_URL,
      TEMPORAL_ADDRESS: process.env.WAYPLAN_TEST_TEMPORAL_ADDRESS,
      // Derived files (imported road graphs) go to the suite's data folder, not the checkout's.
      WAYPLAN_DATA_DIR: process.env.WAYPLAN_TEST_DATA_DIR,
      HOST: '127.0.0.1',
      PORT: String(port),
      // Tests provoke failures on purpose (retries, kills); only errors are worth printing.
      LOG_LEVEL: 'error',
      WAYPLAN_TASK_QUEUE_PREFIX: `test-${randomBytes(6).toString('hex')}`,
      // No metrics endpoints unless a test asks for them: their default ports are one per host.
      WAYPLAN_METRICS_PORT: '0',
      WAYPLAN_WORKER_METRICS_PORT: '0',
      ...env,
    };
    this.pool = new pg.Pool({ connectionString: process.env.WAYPLAN_TEST_DATABASE_URL, max: 2 });
  }

  static async start(env: Record<string, string> = {}): Promise<TestStack> {
    if (!process.env.WAYPLAN_TEST_DATABASE_URL) throw new Error('the e2e global setup did not run');
    const stack = new TestStack(await freePort(), env);
    stack.startWorker();
    stack.api = stack.spawn('api');
    await stack.waitHealthy();
    return stack;
  }

  private spawn(command: string): ChildProcess {
    return spawn(process.execPath, [cliMain, command], { env: this.env, stdio: ['ignore', 'inherit', 'inherit'] });
  }

  startWorker(): void {
    this.worker = this.spawn('worker');
  }

  /** Kills the worker without letting it clean up, as a crash would. */
  async killWorker(signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
    await stopChild(this.worker, signal);
    this.worker = undefined;
  }

  private async waitHealthy(): Promise<void> {
    const deadline = Date.now() + 60000;
    while (Date.now() < deadline) {
      try {
        if ((await fetch(`${this.baseUrl}/healthz`)).status === 200) return;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error('the API did not become healthy');
  }

  /** A new account with one owner user, created directly in the database. */
  async createUser(account = `acct-${randomBytes(4).toString('hex')}`, user = 'ops', owner = true): Promise<TestUser> {
    const password = randomBytes(12).toString('base64url');
    await this.pool.query('INSERT INTO accounts(name) VALUES ($1) ON CONFLICT DO NOTHING', [account]);
    await this.pool.query('INSERT INTO users(account, name, password_hash, is_owner) VALUES ($1, $2, $3, $4)', [account, user, await hashPassword(password), owner]);
    const basic = `Basic ${Buffer.from(`${account}%3A${user}:${password}`).toString('base64')}`;
    return { account, user, password, basic };
  }

  query(sql: string, params: unknown[] = []): Promise<pg.QueryResult> {
    return this.pool.query(sql, params);
  }

  async stop(): Promise<void> {
    await Promise.all([stopChild(this.api, 'SIGTERM'), stopChild(this.worker, 'SIGTERM')]);
    await this.pool.end();
  }
}

async function stopChild(child: ChildProcess | undefined, signal: NodeJS.Signals): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill(signal);
  const timer = setTimeout(() => child.kill('SIGKILL'), 15000);
  await exited;
  clearTimeout(timer);
}
