import { availableParallelism } from 'node:os';
import { join, resolve } from 'node:path';
import { defaultMatrixRequests, type TravelSettings } from '../geo/travel-settings.js';
import type { GeocodingConfig } from '../geo/geocoding/geocoding-config.js';
import type { PlatformLimits } from '../platform/platform-limits.js';
import { demoMapPath, repoRoot } from './paths.js';

/** Everything the processes read from the environment, parsed once. */
export interface Config {
  host: string;
  port: number;
  /** Public base of the API, `http://HOST:PORT`; `{base_url}` is this plus `/v1`. */
  serverUrl: string;
  authUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  temporalAddress: string | undefined;
  temporalNamespace: string;
  /** The embedded Temporal dev server's Web UI (`WAYPLAN_TEMPORAL_UI`, `WAYPLAN_TEMPORAL_UI_PORT`). */
  temporalUi: { enabled: boolean; port: number | undefined };
  admin: { account: string; user: string; password: string } | undefined;
  /** Prometheus endpoints (`WAYPLAN_METRICS_*`): their own ports, 0 = none. */
  metrics: { host: string; apiPort: number; workerPort: number };
  concurrencyLimit: number;
  /** Long-polls of one account waiting at once (they do not count against concurrencyLimit). */
  waitLimit: number;
  waitSeconds: number;
  sessionTtlSeconds: number;
  /** Absolute session lifetime from login, however often the session is used. */
  sessionMaxAgeSeconds: number;
  bodyLimitBytes: number;
  /** Time a client has to send its headers, and its whole request (headers and body). */
  requestTimeouts: { headersSeconds: number; requestSeconds: number };
  /** Longest a single SQL statement runs before PostgreSQL cancels it. */
  statementTimeoutSeconds: number;
  /**
   * On the pools of wayplan's own PostgreSQL: longest a connection attempt may take
   * (`WAYPLAN_CONNECT_TIMEOUT`), and silence on a connection before TCP keepalive probes the host
   * (`WAYPLAN_KEEPALIVE_IDLE`, which the platform pools use too).
   */
  databaseLimits: { connectTimeoutMs: number; keepAliveIdleMs: number };
  /**
   * Longest the API's call to Temporal waits to reach the server (`WAYPLAN_CONNECT_TIMEOUT` too)
   * before it fails as Temporal unreachable; a reached server's answer is not bounded.
   */
  temporalConnectTimeoutMs: number;
  /** Connect and statement timeouts on the customers' platform databases (`WAYPLAN_PLATFORM_*_TIMEOUT`). */
  platformLimits: PlatformLimits;
  /** Failed logins per `account:user` and per client address within the window before 429. */
  loginThrottle: { accountFailures: number; addressFailures: number; windowSeconds: number };
  logLevel: string;
  /**
   * Where travel comes from (`WAYPLAN_TRAVEL_PROVIDER`), the engine's URL for HTTP ones, the
   * OpenStreetMap extract routed on (`WAYPLAN_MAP`; undefined = straight lines only) and where its
   * imported graph is cached.
   */
  travel: TravelSettings;
  /** Memory each worker keeps travel matrices in across tasks (`WAYPLAN_TRAVEL_CACHE_MB`; 0 = none). */
  travelCacheBytes: number;
  /**
   * Cores a worker computes on (`WAYPLAN_SOLVER_THREADS`, default all): operations at once, and
   * the parallel searches of a build or optimize, which share them out.
   */
  solverThreads: number;
  /**
   * Iterations each search thread of a build or optimize runs (`WAYPLAN_SEARCH_ITERATIONS`), instead
   * of the engine's default for the plan's size; undefined = that default. With a time limit they
   * do not reach, plans then depend on the request and seed only, not on how busy the worker is.
   */
  searchIterations: number | undefined;
  /** Days an ended task, with its request and result, is kept (`WAYPLAN_TASK_RETENTION_DAYS`; 0 = forever). */
  taskRetentionDays: number;
  geocoding: GeocodingConfig;
  /** Whether the first start adds the demo fleet's platform connection (`WAYPLAN_DEMO`). */
  demo: boolean;
  /** Set by `wayplan start` for its API and worker children: they exit when it dies. */
  supervised: boolean;
  taskQueues: { solve: string; io: string };
  /** A raster tile URL template the web planner draws under our own road network (`WAYPLAN_TILE_URL`); none by default. */
  tileUrl: string | undefined;
}

export class ConfigError extends Error {}

export const travelProviderNames = ['road', 'straight_line', 'osrm', 'valhalla', 'graphhopper'] as const;
export type TravelProviderName = (typeof travelProviderNames)[number];

function travelSettings(env: NodeJS.ProcessEnv, dataDir: string): TravelSettings {
  const provider = (env.WAYPLAN_TRAVEL_PROVIDER || 'road') as TravelProviderName;
  if (!travelProviderNames.includes(provider))
    throw new ConfigError(`WAYPLAN_TRAVEL_PROVIDER must be one of ${travelProviderNames.join(', ')}`);
  const url = env.WAYPLAN_TRAVEL_URL || undefined;
  if (['osrm', 'valhalla', 'graphhopper'].includes(provider) && !url)
    throw new ConfigError(`WAYPLAN_TRAVEL_URL is required with WAYPLAN_TRAVEL_PROVIDER=${provider}`);
  return {
    provider,
    url,
    map: env.WAYPLAN_MAP === 'none' ? undefined : resolve(repoRoot, env.WAYPLAN_MAP || demoMapPath()),
    mapsDir: join(dataDir, 'maps'),
    matrixRequests: {
      blockSize: integer(env, 'WAYPLAN_TRAVEL_BLOCK', defaultMatrixRequests.blockSize, 1),
      inFlight: integer(env, 'WAYPLAN_TRAVEL_CONCURRENCY', defaultMatrixRequests.inFlight, 1),
    },
  };
}

function geocodingConfig(env: NodeJS.ProcessEnv): GeocodingConfig {
  const provider = env.WAYPLAN_GEOCODER || 'local';
  if (provider !== 'local' && provider !== 'nominatim' && provider !== 'pelias')
    throw new ConfigError(`WAYPLAN_GEOCODER must be local, nominatim or pelias, got "${provider}"`);
  const upstreamUrl = env.WAYPLAN_GEOCODER_URL || undefined;
  if (provider !== 'local' && !upstreamUrl) throw new ConfigError(`WAYPLAN_GEOCODER=${provider} needs WAYPLAN_GEOCODER_URL`);
  return {
    provider,
    upstreamUrl,
    apiKey: env.WAYPLAN_GEOCODER_API_KEY || undefined,
    timeoutMs: integer(env, 'WAYPLAN_GEOCODER_TIMEOUT_MS', 10000, 1),
    maxAttempts: integer(env, 'WAYPLAN_GEOCODER_MAX_ATTEMPTS', 3, 1),
    backoffBaseMs: integer(env, 'WAYPLAN_GEOCODER_BACKOFF_MS', 500, 0),
    backoffMaxMs: integer(env, 'WAYPLAN_GEOCODER_MAX_BACKOFF_MS', 10000, 0),
    breakerFailures: integer(env, 'WAYPLAN_GEOCODER_BREAKER_FAILURES', 5, 1),
    breakerCooldownMs: integer(env, 'WAYPLAN_GEOCODER_BREAKER_COOLDOWN_MS', 30000, 0),
    concurrency: integer(env, 'WAYPLAN_GEOCODER_CONCURRENCY', 4, 1),
    cacheDays: integer(env, 'WAYPLAN_GEOCODER_CACHE_DAYS', 30, 0),
    mapPath: env.WAYPLAN_GEOCODER_MAP || demoMapPath(),
  };
}

function integer(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min) throw new ConfigError(`${name} must be an integer ≥ ${min}, got "${raw}"`);
  return value;
}

function number(env: NodeJS.ProcessEnv, name: string, fallback: number, min: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < min) throw new ConfigError(`${name} must be a number ≥ ${min}, got "${raw}"`);
  return value;
}

function parseAdmin(env: NodeJS.ProcessEnv): Config['admin'] {
  const admin = env.WAYPLAN_ADMIN;
  if (!admin) return undefined;
  const colon = admin.indexOf(':');
  if (colon <= 0 || colon === admin.length - 1) throw new ConfigError('WAYPLAN_ADMIN must look like account:user');
  const password = env.WAYPLAN_ADMIN_PASSWORD;
  if (!password) throw new ConfigError('WAYPLAN_ADMIN_PASSWORD is required when WAYPLAN_ADMIN is set');
  return { account: admin.slice(0, colon), user: admin.slice(colon + 1), password };
}

/** Queue names share a prefix so that several deployments (or test stacks) can share one Temporal. */
function taskQueues(prefix: string): Config['taskQueues'] {
  return { solve: `${prefix}-solve`, io: `${prefix}-io` };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const host = env.HOST || '127.0.0.1';
  const port = integer(env, 'PORT', 8080, 0);
  const serverUrl = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;
  const dataDir = resolve(repoRoot, env.WAYPLAN_DATA_DIR || '.data');
  // 30 s of silence, then 10 probes a second apart: a dead host is noticed within about 40 s, and
  // a firewall or NAT that forgets idle connections sees traffic often enough to keep them.
  const keepAliveIdleMs = number(env, 'WAYPLAN_KEEPALIVE_IDLE', 30, 1) * 1000;
  // 2 s: under the 3 s in which GET /healthz wants PostgreSQL's and Temporal's answers
  // (api/routes/health.ts), so that a probe of a dead host reports the timeout rather than its own
  // deadline and leaves no attempt behind, and under the 5 s the concurrency slots
  // (store/account-slots.ts) give a query. A healthy server, even across a region with TLS and
  // SCRAM, answers in well under a second; libpq advises no less than 2 s.
  const connectTimeoutMs = Math.round(number(env, 'WAYPLAN_CONNECT_TIMEOUT', 2, 0.1) * 1000);
  return {
    host,
    port,
    serverUrl,
    authUrl: (env.WAYPLAN_AUTH_URL || `${serverUrl}/auth`).replace(/\/+$/, ''),
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    temporalAddress: env.TEMPORAL_ADDRESS || undefined,
    temporalNamespace: env.TEMPORAL_NAMESPACE || 'default',
    temporalUi: {
      enabled: env.WAYPLAN_TEMPORAL_UI !== '0',
      port: env.WAYPLAN_TEMPORAL_UI_PORT ? integer(env, 'WAYPLAN_TEMPORAL_UI_PORT', 0, 1) : undefined,
    },
    admin: parseAdmin(env),
    metrics: {
      host: env.WAYPLAN_METRICS_HOST || '127.0.0.1',
      apiPort: integer(env, 'WAYPLAN_METRICS_PORT', 9464, 0),
      workerPort: integer(env, 'WAYPLAN_WORKER_METRICS_PORT', 9465, 0),
    },
    concurrencyLimit: integer(env, 'WAYPLAN_CONCURRENCY_LIMIT', 10, 1),
    waitLimit: integer(env, 'WAYPLAN_WAIT_LIMIT', 100, 1),
    waitSeconds: number(env, 'WAYPLAN_WAIT_SECONDS', 15, 0.1),
    sessionTtlSeconds: number(env, 'WAYPLAN_SESSION_TTL', 3600, 1),
    sessionMaxAgeSeconds: number(env, 'WAYPLAN_SESSION_MAX_AGE', 12 * 3600, 1),
    bodyLimitBytes: integer(env, 'WAYPLAN_BODY_LIMIT', 64 * 1024 * 1024, 1024),
    requestTimeouts: {
      headersSeconds: number(env, 'WAYPLAN_HEADERS_TIMEOUT', 10, 0.5),
      requestSeconds: number(env, 'WAYPLAN_REQUEST_TIMEOUT', 60, 0.5),
    },
    statementTimeoutSeconds: number(env, 'WAYPLAN_STATEMENT_TIMEOUT', 60, 0.1),
    databaseLimits: { connectTimeoutMs, keepAliveIdleMs },
    temporalConnectTimeoutMs: connectTimeoutMs,
    platformLimits: {
      connectTimeoutMs: number(env, 'WAYPLAN_PLATFORM_CONNECT_TIMEOUT', 5, 0.1) * 1000,
      statementTimeoutMs: number(env, 'WAYPLAN_PLATFORM_STATEMENT_TIMEOUT', 60, 0.1) * 1000,
      keepAliveIdleMs,
    },
    loginThrottle: {
      accountFailures: integer(env, 'WAYPLAN_LOGIN_ACCOUNT_FAILURES', 10, 1),
      addressFailures: integer(env, 'WAYPLAN_LOGIN_ADDRESS_FAILURES', 100, 1),
      windowSeconds: number(env, 'WAYPLAN_LOGIN_WINDOW', 300, 1),
    },
    logLevel: env.LOG_LEVEL || 'info',
    travel: travelSettings(env, dataDir),
    travelCacheBytes: Math.floor(number(env, 'WAYPLAN_TRAVEL_CACHE_MB', 256, 0) * 1024 * 1024),
    solverThreads: integer(env, 'WAYPLAN_SOLVER_THREADS', availableParallelism(), 1),
    searchIterations: env.WAYPLAN_SEARCH_ITERATIONS ? integer(env, 'WAYPLAN_SEARCH_ITERATIONS', 0, 1) : undefined,
    taskRetentionDays: integer(env, 'WAYPLAN_TASK_RETENTION_DAYS', 30, 0),
    geocoding: geocodingConfig(env),
    demo: env.WAYPLAN_DEMO !== '0',
    supervised: Boolean(env.WAYPLAN_SUPERVISED),
    taskQueues: taskQueues(env.WAYPLAN_TASK_QUEUE_PREFIX || 'wayplan'),
    tileUrl: env.WAYPLAN_TILE_URL || undefined,
  };
}
