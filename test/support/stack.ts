import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { waitHealthy } from '../../bench/support/infra.js';
import { freePort } from '../../runtime/ports.js';
import { cliMain } from './paths.js';
import { hashPassword } from '../../store/passwords.js';
import type { Role } from '../../store/users.js';

export interface TestUser {
  account: string;
  user: string;
  password: string;
  /** `Authorization` header value for HTTP Basic, with the colon percent-encoded as clients send it. */
  basic: string;
}

/** How many API and worker processes a stack runs (the multi-host layout runs two of each). */
export interface StackLayout {
  apis?: number;
  workers?: number;
}

/**
 * API and worker processes started for one test file against the suite's PostgreSQL and Temporal,
 * on free ports and with their own task queues, so files never disturb each other.
 */
export class TestStack {
  readonly baseUrl: string;
  private readonly apis: (ChildProcess | undefined)[];
  private readonly workers: (ChildProcess | undefined)[];
  private readonly env: NodeJS.ProcessEnv;
  private readonly pool: pg.Pool;
  private readonly stopped = new Set<ChildProcess>();
  /** API and worker processes that ended without the test stopping them (a crash). */
  readonly crashes: string[] = [];

  private constructor(
    readonly ports: number[],
    workers: number,
    env: Record<string, string>,
  ) {
    this.baseUrl = `http://127.0.0.1:${ports[0]}`;
    this.apis = ports.map(() => undefined);
    this.workers = Array.from({ length: workers }, () => undefined);
    this.env = {
      ...process.env,
      DATABASE_URL: process.env.WAYPLAN_TEST_DATABASE_URL,
      TEMPORAL_ADDRESS: process.env.WAYPLAN_TEST_TEMPORAL_ADDRESS,
      // Derived files (imported road graphs) go to the suite's data folder, not the checkout's.
      WAYPLAN_DATA_DIR: process.env.WAYPLAN_TEST_DATA_DIR,
      HOST: '127.0.0.1',
      // Tests provoke failures on purpose (retries, kills); only errors are worth printing.
      LOG_LEVEL: 'error',
      WAYPLAN_TASK_QUEUE_PREFIX: `test-${randomBytes(6).toString('hex')}`,
      // No metrics endpoints unless a test asks for them: their default ports are one per host.
      WAYPLAN_METRICS_PORT: '0',
      WAYPLAN_WORKER_METRICS_PORT: '0',
      ...env,
    };
    this.pool = new pg.Pool({ connectionString: this.env.DATABASE_URL, max: 2 });
    // A PostgreSQL restart (chaos tests) breaks idle clients; the pool replaces them.
    this.pool.on('error', () => undefined);
  }

  static async start(env: Record<string, string> = {}, layout: StackLayout = {}): Promise<TestStack> {
    if (!process.env.WAYPLAN_TEST_DATABASE_URL) throw new Error('the e2e global setup did not run');
    const ports: number[] = [];
    for (let i = 0; i < (layout.apis ?? 1); i++) ports.push(await freePort());
    const stack = new TestStack(ports, layout.workers ?? 1, env);
    stack.workers.forEach((_, i) => stack.startWorker(i));
    await Promise.all(ports.map((_, i) => stack.startApi(i)));
    return stack;
  }

  get port(): number {
    return this.ports[0]!;
  }

  /** The base URL of API process `i`. */
  apiUrl(i: number): string {
    return `http://127.0.0.1:${this.ports[i]}`;
  }

  private spawn(command: string, env: Record<string, string> = {}): ChildProcess {
    const child = spawn(process.execPath, [cliMain, command], { env: { ...this.env, ...env }, stdio: ['ignore', 'inherit', 'inherit'] });
    child.once('exit', (code, signal) => {
      if (!this.stopped.has(child)) this.crashes.push(`${command} (pid ${child.pid}) exited by itself: ${signal ?? `code ${code}`}`);
    });
    return child;
  }

  private async stopProcess(child: ChildProcess | undefined, signal: NodeJS.Signals): Promise<void> {
    if (child) this.stopped.add(child);
    await stopChild(child, signal);
  }

  startWorker(i = 0): void {
    this.workers[i] = this.spawn('worker');
  }

  /** The process id of worker `i` (Temporal names a worker `<pid>@<host>`). */
  workerPid(i: number): number | undefined {
    return this.workers[i]?.pid;
  }

  /** Kills worker `i` without letting it clean up, as a crash would. */
  async killWorker(signal: NodeJS.Signals = 'SIGKILL', i = 0): Promise<void> {
    await this.stopProcess(this.workers[i], signal);
    this.workers[i] = undefined;
  }

  /**
   * Stops worker `i` (SIGSTOP) without ending it: it takes on no work, and `resumeWorker` brings it
   * back at once, where a new worker first loads its code and connects (on a busy machine, longer
   * than the 30 s a request for territories waits).
   */
  pauseWorker(i = 0): void {
    this.workers[i]!.kill('SIGSTOP');
  }

  resumeWorker(i = 0): void {
    this.workers[i]!.kill('SIGCONT');
  }

  /** Starts API process `i` on its port and waits until it answers healthz. */
  async startApi(i = 0): Promise<void> {
    this.apis[i] = this.spawn('api', { PORT: String(this.ports[i]) });
    await waitHealthy(this.apiUrl(i), 60000);
  }

  async killApi(signal: NodeJS.Signals = 'SIGKILL', i = 0): Promise<void> {
    await this.stopProcess(this.apis[i], signal);
    this.apis[i] = undefined;
  }

  /** A new user (by default the owner of a new account), created directly in the database. */
  async createUser(account = `acct-${randomBytes(4).toString('hex')}`, user = 'ops', role: Role = 'owner'): Promise<TestUser> {
    const password = randomBytes(12).toString('base64url');
    await this.pool.query('INSERT INTO accounts(name) VALUES ($1) ON CONFLICT DO NOTHING', [account]);
    await this.pool.query('INSERT INTO users(account, name, password_hash, role) VALUES ($1, $2, $3, $4)', [
      account,
      user,
      await hashPassword(password),
      role,
    ]);
    const basic = `Basic ${Buffer.from(`${account}%3A${user}:${password}`).toString('base64')}`;
    return { account, user, password, basic };
  }

  query(sql: string, params: unknown[] = []): Promise<pg.QueryResult> {
    return this.pool.query(sql, params);
  }

  async stop(): Promise<void> {
    await Promise.all([...this.apis, ...this.workers].map((child) => this.stopProcess(child, 'SIGTERM')));
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

/** A stand-in for an object made later: every property read goes to it, methods bound to it. */
function forwardTo<T extends object>(current: () => T | undefined, name: string): T {
  return new Proxy({} as T, {
    get(_, key) {
      const target = current();
      if (target === undefined) throw new Error(`${name} is used before beforeAll started it`);
      const value: unknown = Reflect.get(target, key);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/**
 * The e2e prologue: a stack started before the file's (or describe block's) tests with one owner
 * user, and stopped after them. Both are usable from the tests on, like the variables they replace.
 */
export function useTestStack(env: Record<string, string> = {}, layout: StackLayout = {}): { stack: TestStack; user: TestUser } {
  let started: TestStack | undefined;
  const user = {} as TestUser;
  beforeAll(async () => {
    started = await TestStack.start(env, layout);
    Object.assign(user, await started.createUser());
  });
  afterAll(() => started?.stop());
  return { stack: forwardTo(() => started, 'the test stack'), user };
}
