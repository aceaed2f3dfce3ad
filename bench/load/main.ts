import { availableParallelism, loadavg } from 'node:os';
import { seededRandom } from '../../engine/planning/search-budget.js';
import { benchOptions } from '../support/options.js';
import { startBenchStack } from '../support/stack.js';

/**
 * Many clients at once on a stack of its own (`wayplan infra`, one worker, `--apis` API processes):
 * `--clients` clients spread evenly over `--accounts` accounts, each sending one request after the
 * other for `--seconds` on a mix of synchronous calls, tasks with `wait=1`, task reads and
 * sandboxes. Prints p50/p99 latency per endpoint, the 5xx count (must be 0) and the 429 count
 * against the expected one: with at most WAYPLAN_CONCURRENCY_LIMIT clients per account, each with
 * one request in flight, and long-polls holding a waiting place instead of a slot, none.
 * Exits 1 when there was a 5xx or an unexpected 429.
 *
 *   node dist/bench/load/main.js [--clients 50] [--accounts 5] [--seconds 60] [--apis 1]
 */

const limit = 10;

interface Sample {
  endpoint: string;
  ms: number;
  status: number;
}

/** A Monaco location, so travel comes from the road network. */
function place(random: () => number): string {
  return `${(43.728 + random() * 0.017).toFixed(6)}, ${(7.413 + random() * 0.022).toFixed(6)}`;
}

/** One route with `jobs` jobs, on the route (sequence, evaluate) or left for build to place. */
function problem(random: () => number, jobs: number, onRoute = true): Record<string, unknown> {
  const list = Array.from({ length: jobs }, (_, i) => ({ id: `j${i}`, location: place(random), time_on_site: '00:05' }));
  return {
    routes: [{ id: 'r1', location: place(random), start_time: '08:00', jobs: onRoute ? list : [] }],
    ...(onRoute ? {} : { jobs: list }),
    settings: { time_limit: '00:00:01' },
  };
}

class Client {
  private readonly random: () => number;
  private readonly tasks: string[] = [];
  private readonly sandboxes: string[] = [];

  constructor(
    private readonly base: string,
    private readonly authorization: string,
    seed: number,
    private readonly samples: Sample[],
  ) {
    this.random = seededRandom(seed);
  }

  private async call(endpoint: string, path: string, init: RequestInit = {}): Promise<{ status: number; body: unknown }> {
    const started = performance.now();
    let response = await fetch(`${this.base}${path}`, {
      ...init,
      redirect: 'manual',
      headers: { authorization: this.authorization, 'content-type': 'application/json', ...init.headers },
    });
    // wait=1 answers 302 while the task runs: following it is part of the same operation.
    while (response.status === 302) {
      await response.arrayBuffer();
      response = await fetch(`${this.base}${response.headers.get('location')}`, {
        redirect: 'manual',
        headers: { authorization: this.authorization },
      });
    }
    const text = await response.text();
    this.samples.push({ endpoint, ms: performance.now() - started, status: response.status });
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      body = undefined;
    }
    return { status: response.status, body };
  }

  private pick<T>(list: T[]): T | undefined {
    return list.length === 0 ? undefined : list[Math.floor(this.random() * list.length)];
  }

  /** One operation, drawn by weight. */
  async step(): Promise<void> {
    const draw = this.random();
    if (draw < 0.2) {
      await this.call('POST /v1/validate', '/v1/validate', { method: 'POST', body: JSON.stringify(problem(this.random, 20)) });
    } else if (draw < 0.35) {
      const started = await this.call('POST /v1/sequence?wait=1', '/v1/sequence?wait=1', {
        method: 'POST',
        body: JSON.stringify(problem(this.random, 8)),
      });
      const id = (started.body as { task_id?: string } | undefined)?.task_id;
      if (id) this.tasks.push(id);
    } else if (draw < 0.45) {
      await this.call('POST /v1/evaluate?wait=1', '/v1/evaluate?wait=1', {
        method: 'POST',
        body: JSON.stringify(problem(this.random, 12)),
      });
    } else if (draw < 0.55) {
      const started = await this.call('POST /v1/build', '/v1/build', {
        method: 'POST',
        body: JSON.stringify(problem(this.random, 10, false)),
      });
      const id = (started.body as { task_id?: string } | undefined)?.task_id;
      if (id) this.tasks.push(id);
    } else if (draw < 0.7) {
      const id = this.pick(this.tasks);
      if (id) await this.call('GET /v1/tasks/{id}', `/v1/tasks/${id}`);
      else await this.call('GET /v1/tasks', '/v1/tasks?limit=20');
    } else if (draw < 0.8) {
      await this.call('GET /v1/tasks', '/v1/tasks?limit=20');
    } else if (draw < 0.9) {
      const stops = Array.from({ length: 6 }, () => ({ location: place(this.random) }));
      await this.call('POST /v1/path', '/v1/path', { method: 'POST', body: JSON.stringify({ routes: [{ id: 'r', stops }] }) });
    } else if (draw < 0.95 || this.sandboxes.length === 0) {
      const created = await this.call('POST /v1/sandboxes', `/v1/sandboxes?name=s${Math.floor(this.random() * 1e9)}`, {
        method: 'POST',
        body: JSON.stringify(problem(this.random, 5)),
      });
      const id = (created.body as { sandbox_id?: string } | undefined)?.sandbox_id;
      if (id) this.sandboxes.push(id);
    } else {
      await this.call('GET /v1/sandboxes/{id}', `/v1/sandboxes/${this.pick(this.sandboxes)}`);
    }
  }
}

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function main(): Promise<void> {
  const { clients, accounts, seconds, apis } = benchOptions({ clients: 50, accounts: 5, seconds: 60, apis: 1 }, { min: 1 });
  const stack = await startBenchStack({ name: 'load', apis, env: { WAYPLAN_CONCURRENCY_LIMIT: String(limit) } });
  try {
    const urls = stack.urls;
    const credentials: string[] = [];
    for (let a = 0; a < accounts; a++) credentials.push(await stack.addOwner(`load${a}`));
    const perAccount = Math.ceil(clients / accounts);
    const expected429 = perAccount <= limit ? 0 : undefined;
    const samples: Sample[] = [];
    const load = [loadavg()[0]!];
    const sampler = setInterval(() => load.push(loadavg()[0]!), 5000);
    process.stdout.write(
      `load: ${clients} clients over ${accounts} accounts (${perAccount} per account, limit ${limit}), ${apis} API process(es), 1 worker, ${seconds} s; ${availableParallelism()} cores\n`,
    );
    const end = Date.now() + seconds * 1000;
    await Promise.all(
      Array.from({ length: clients }, async (_, i) => {
        const client = new Client(urls[i % urls.length]!, credentials[i % accounts]!, i + 1, samples);
        while (Date.now() < end) {
          try {
            await client.step();
          } catch {
            samples.push({ endpoint: 'connection error', ms: 0, status: 0 });
          }
        }
      }),
    );
    clearInterval(sampler);

    const endpoints = [...new Set(samples.map((s) => s.endpoint))].sort();
    process.stdout.write('  endpoint                       requests   p50 ms   p99 ms   2xx   4xx   429   5xx\n');
    for (const endpoint of endpoints) {
      const of = samples.filter((s) => s.endpoint === endpoint);
      const sorted = of.map((s) => s.ms).sort((a, b) => a - b);
      const count = (test: (status: number) => boolean) => of.filter((s) => test(s.status)).length;
      process.stdout.write(
        `  ${endpoint.padEnd(30)} ${String(of.length).padStart(8)} ${percentile(sorted, 50).toFixed(0).padStart(8)} ${percentile(sorted, 99).toFixed(0).padStart(8)}` +
          ` ${String(count((s) => s >= 200 && s < 300)).padStart(5)} ${String(count((s) => s >= 400 && s < 500 && s !== 429)).padStart(5)} ${String(count((s) => s === 429)).padStart(5)} ${String(count((s) => s >= 500)).padStart(5)}\n`,
      );
    }
    const errors5xx = samples.filter((s) => s.status >= 500 || s.status === 0).length;
    const got429 = samples.filter((s) => s.status === 429).length;
    process.stdout.write(
      `total ${samples.length} requests (${(samples.length / seconds).toFixed(1)}/s); 5xx or connection errors: ${errors5xx}; 429: ${got429} (expected ${expected429 ?? 'some'}); ` +
        `1-minute load average during the run: ${Math.min(...load).toFixed(1)}–${Math.max(...load).toFixed(1)}\n`,
    );
    if (errors5xx > 0 || (expected429 !== undefined && got429 !== expected429)) process.exitCode = 1;
  } finally {
    await stack.stop();
  }
}

await main();
