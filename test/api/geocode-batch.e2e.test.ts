import { randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';
import { connectTemporal } from '../../runtime/temporal-client.js';
import { geocodeBatchProgressQuery } from '../../workflows/contract.js';
import { runCli, type CliRun } from '../support/cli.js';
import { TestStack } from '../support/stack.js';
import { FakeUpstream, fakeLocation, type UpstreamAction, type UpstreamRequest } from '../geo/geocoding/fake-upstream.js';

/** Requests per geocoder call (WAYPLAN_GEOCODER_MAX_ATTEMPTS) and tries per chunk (--attempts). */
const httpAttempts = 2;
const chunkAttempts = 3;
/**
 * Addresses of the large batch: 10 chunks of 200 over a window of 4, so chunks start as others end.
 * 5,000 (25 chunks) took a minute on a loaded machine and checked nothing more.
 */
const many = 2000;

describe('batch geocoding workflows against a faulty upstream', () => {
  let stack: TestStack;
  let upstream: FakeUpstream;
  let folder: string;
  const queuePrefix = `test-geocode-${randomBytes(4).toString('hex')}`;

  const cli = (args: string[]): Promise<CliRun> => runCli(args, { WAYPLAN_TASK_QUEUE_PREFIX: queuePrefix });

  const writeAddresses = (name: string, count: number): string => {
    const file = join(folder, name);
    const lines = ['id,address'];
    for (let i = 0; i < count; i++) lines.push(`${i},"${i} rue du test ${name}, 98000 Monaco"`);
    writeFileSync(file, `${lines.join('\n')}\n`);
    return file;
  };

  const results = (file: string): Record<string, string>[] => parse(readFileSync(file), { columns: true }) as Record<string, string>[];
  const indexOf = (key: string): number => Number(key.split(' ')[0]);

  beforeAll(async () => {
    folder = mkdtempSync(join(tmpdir(), 'wayplan-geocode-batch-'));
    upstream = await new FakeUpstream().start();
    stack = await TestStack.start({
      WAYPLAN_TASK_QUEUE_PREFIX: queuePrefix,
      WAYPLAN_GEOCODER: 'nominatim',
      WAYPLAN_GEOCODER_URL: upstream.url,
      // Long enough that a loaded machine (load 15 on 2 cores) does not time out answers the upstream
      // gives at once: with 300 ms, a 5,000-address run lost one of them for good.
      WAYPLAN_GEOCODER_TIMEOUT_MS: '1000',
      WAYPLAN_GEOCODER_MAX_ATTEMPTS: String(httpAttempts),
      WAYPLAN_GEOCODER_BACKOFF_MS: '20',
      WAYPLAN_GEOCODER_MAX_BACKOFF_MS: '1500',
      WAYPLAN_GEOCODER_BREAKER_FAILURES: '40',
      WAYPLAN_GEOCODER_BREAKER_COOLDOWN_MS: '300',
      WAYPLAN_GEOCODER_CONCURRENCY: '8',
    });
  });

  afterAll(async () => {
    await stack.stop();
    await upstream.stop();
    rmSync(folder, { recursive: true, force: true });
  });

  it('accounts for every address through 500s, 429s, hangs and dropped connections, then retries the failed ones', async () => {
    const faults = (request: UpstreamRequest): UpstreamAction => {
      switch (indexOf(request.key) % 10) {
        case 0:
          return request.attempt <= 2 ? { kind: 'status', status: 500 } : { kind: 'ok' };
        case 1:
          return request.attempt === 1 ? { kind: 'status', status: 429, retryAfter: '1' } : { kind: 'ok' };
        case 2:
          return request.attempt === 1 ? { kind: 'hang' } : { kind: 'ok' };
        case 3:
          return request.attempt === 1 ? { kind: 'drop' } : { kind: 'ok' };
        case 4:
          return { kind: 'status', status: 400 };
        case 5:
          return { kind: 'status', status: 503 };
        default:
          return { kind: 'ok' };
      }
    };
    upstream.behaviour = faults;
    const file = writeAddresses('faults.csv', 200);
    const run = await cli([
      'geocode',
      file,
      '--json',
      '--batch-size',
      '25',
      '--window',
      '4',
      '--attempts',
      String(chunkAttempts),
      '--retry-interval',
      '200',
      '--max-retry-interval',
      '1000',
    ]);
    expect(run.stderr).toBe('');
    expect(run.code).toBe(2);
    const summary = JSON.parse(run.stdout);
    expect(summary).toMatchObject({ total: 200, geocoded: 160, failed: 40, pending: 0 });

    const rows = results(join(folder, 'faults.geocoded.csv'));
    expect(rows).toHaveLength(200);
    for (const row of rows) {
      const kind = Number(row.id) % 10;
      if (kind === 4) expect(row).toMatchObject({ status: 'failed', error_code: 'geoservice_error' });
      else if (kind === 5) expect(row).toMatchObject({ status: 'failed', error_code: 'geoservice_exceeded_maximum_retries' });
      else {
        expect(row.status).toBe('geocoded');
        expect(Number(row.latitude)).toBe(fakeLocation(row.address!).lat);
      }
    }
    // Bounded: an address that keeps failing transiently costs attempts × HTTP attempts requests. A
    // permanent answer ends the address in the chunk attempt that got it; the upstream counts a
    // second request only when the first timed out (1 s) on a busy machine before the 400 came.
    for (const [key, count] of upstream.requests) {
      if (indexOf(key) % 10 === 5) expect(count).toBe(httpAttempts * chunkAttempts);
      if (indexOf(key) % 10 === 4) expect(count).toBeLessThanOrEqual(httpAttempts);
    }
    const attempts = await stack.query('SELECT max(attempts) AS most FROM geocode_batch_addresses WHERE batch_id = $1', [summary.batch]);
    expect(attempts.rows[0].most).toBeLessThanOrEqual(chunkAttempts);

    const { connection, client } = await connectTemporal(process.env.WAYPLAN_TEST_TEMPORAL_ADDRESS!, 'default');
    try {
      const progress = await client.workflow.getHandle(`geocode-batch:${summary.batch}:run-1`).query(geocodeBatchProgressQuery);
      expect(progress).toEqual({ addresses: 200, processed: 200, geocoded: 160, failed: 40, chunks: 8, chunksDone: 8 });
    } finally {
      await connection.close();
    }

    upstream.behaviour = () => ({ kind: 'ok' });
    const retry = await cli(['geocode', 'retry', summary.batch, '--json']);
    expect(retry.code).toBe(0);
    expect(JSON.parse(retry.stdout)).toMatchObject({ total: 200, geocoded: 200, failed: 0 });
    const fixed = results(join(folder, 'faults.geocoded.csv'));
    expect(fixed.filter((r) => r.status === 'geocoded')).toHaveLength(200);
  }, 300000);

  it(`completes ${many.toLocaleString('en')} addresses with 20 % transient failures, and \`geocode retry\` fixes what failed for good`, async () => {
    // One address in five fails its first request (a 500, a 429 or a dropped line); one in a
    // hundred keeps failing until the upstream "recovers".
    let recovered = false;
    upstream.behaviour = ({ key, attempt }) => {
      const n = indexOf(key);
      if (n % 100 === 7 && !recovered) return { kind: 'status', status: 503 };
      if (n % 5 === 0 && attempt === 1)
        return n % 3 === 0
          ? { kind: 'status', status: 500 }
          : n % 3 === 1
            ? { kind: 'drop' }
            : { kind: 'status', status: 429, retryAfter: '1' };
      return { kind: 'ok' };
    };
    const file = writeAddresses('many.csv', many);
    const started = Date.now();
    const run = await cli([
      'geocode',
      file,
      '--json',
      '--batch-size',
      '200',
      '--window',
      '4',
      '--attempts',
      '2',
      '--retry-interval',
      '200',
      '--max-retry-interval',
      '1000',
    ]);
    const seconds = (Date.now() - started) / 1000;
    expect(run.stderr).toBe('');
    const summary = JSON.parse(run.stdout);
    process.stdout.write(
      `${many.toLocaleString('en')}-address batch: ${seconds.toFixed(1)} s, ${summary.geocoded} geocoded, ${summary.failed} failed, ${upstream.totalRequests} upstream requests\n`,
    );
    expect(summary).toMatchObject({ total: many, geocoded: many - many / 100, failed: many / 100, pending: 0 });

    recovered = true;
    const retry = await cli(['geocode', 'retry', summary.batch, '--json']);
    expect({ code: retry.code, stderr: retry.stderr }).toEqual({ code: 0, stderr: '' });
    expect(JSON.parse(retry.stdout)).toMatchObject({ total: many, geocoded: many, failed: 0 });
    expect(results(join(folder, 'many.geocoded.csv')).every((r) => r.status === 'geocoded')).toBe(true);
  }, 300000);
});
