import { availableParallelism, loadavg } from 'node:os';
import { seededRandom } from '../../engine/planning/search-budget.js';
import { benchOptions } from '../support/options.js';
import { startBenchStack } from '../support/stack.js';
import { hopsByMode, requestHops, type TimedRequest } from './hops.js';
import { cpuPerRequest, stackCpu } from './process-cpu.js';
import { workerPolling } from './worker-ready.js';

/**
 * How long small work takes through the whole service: evaluate, recommend and insert with
 * `?wait=1` over HTTP on a stack of its own (`wayplan infra`, one worker, one API process), on a
 * day's plan of `--routes` routes × `--stops` stops in Monaco (road travel) with a pool of open
 * jobs that recommend and insert draw from. Once the worker polls, each operation is first sent
 * `--warmup` times (not counted: the first one routes the travel matrix), then `--requests` times one after the other,
 * then `--concurrent` at once for `--rounds` rounds. Prints p50/p95/p99/max per operation and the
 * machine's load average, and the CPU milliseconds each part of the stack (bench client, API,
 * worker, Temporal, PostgreSQL) used per sequential request, which the load does not change much;
 * then, per operation, where the sequential requests' time went (hops.ts), for the faster half and
 * the slowest quarter of them.
 * Exits 1 when an answer is not 200.
 *
 *   node dist/bench/runner-latency/main.js [--routes 50] [--stops 20] [--requests 50] [--concurrent 4] [--rounds 5] [--warmup 3]
 */

/** A Monaco location, so travel comes from the road network. */
function place(random: () => number): string {
  return `${(43.728 + random() * 0.017).toFixed(6)}, ${(7.413 + random() * 0.022).toFixed(6)}`;
}

const openJobs = 20;

/** The day's plan: every route with its stops in order, and open jobs not yet on a route. */
function dayPlan(routes: number, stops: number): Record<string, unknown> {
  const random = seededRandom(17);
  const job = (id: string) => ({ id, location: place(random), time_on_site: '00:05' });
  return {
    routes: Array.from({ length: routes }, (_, r) => ({
      id: `r${r}`,
      location: place(random),
      start_time: '07:00',
      jobs: Array.from({ length: stops }, (_, s) => job(`r${r}j${s}`)),
    })),
    jobs: Array.from({ length: openJobs }, (_, i) => job(`open${i}`)),
  };
}

type Operation = 'evaluate' | 'recommend' | 'insert';

/** The body of the `n`-th request of an operation: recommend and insert take turns over the open jobs. */
function body(plan: Record<string, unknown>, operation: Operation, n: number): Record<string, unknown> {
  if (operation === 'recommend') return { ...plan, job: `open${n % openJobs}`, max_results: 5 };
  if (operation === 'insert') return { ...plan, jobs_to_insert: [`open${n % openJobs}`, `open${(n + 7) % openJobs}`] };
  return plan;
}

/** One `?wait=1` request, following the 302s to the task's result as a client does; its milliseconds. */
async function timed(base: string, authorization: string, operation: Operation, payload: string, times?: TimedRequest[]): Promise<number> {
  const started = performance.now();
  let response = await fetch(`${base}/v1/${operation}?wait=1`, {
    method: 'POST',
    redirect: 'manual',
    headers: { authorization, 'content-type': 'application/json' },
    body: payload,
  });
  for (let hops = 0; response.status === 302; hops++) {
    await response.arrayBuffer();
    if (hops >= 40) throw new Error(`${operation}: more than 40 redirects`);
    response = await fetch(new URL(response.headers.get('location')!, base), { redirect: 'manual', headers: { authorization } });
  }
  const text = await response.text();
  const ms = performance.now() - started;
  times?.push({ sent: performance.timeOrigin + started, answered: performance.timeOrigin + started + ms });
  if (response.status !== 200) throw new Error(`${operation} answered ${response.status}: ${text.slice(0, 300)}`);
  return ms;
}

function percentile(sorted: number[], p: number): number {
  return sorted.length === 0 ? 0 : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function row(label: string, samples: number[]): string {
  const sorted = [...samples].sort((a, b) => a - b);
  const cell = (ms: number) => ms.toFixed(0).padStart(7);
  return `  ${label.padEnd(24)} ${String(samples.length).padStart(5)} ${cell(percentile(sorted, 50))} ${cell(percentile(sorted, 95))} ${cell(percentile(sorted, 99))} ${cell(sorted.at(-1) ?? 0)}\n`;
}

async function main(): Promise<void> {
  const { routes, stops, requests, concurrent, rounds, warmup } = benchOptions({
    routes: 50,
    stops: 20,
    requests: 50,
    concurrent: 4,
    rounds: 5,
    warmup: 3,
  });
  // A wait long enough that a loaded machine still answers in one hop.
  const stack = await startBenchStack({ name: 'runner', env: { WAYPLAN_WAIT_SECONDS: '30' } });
  try {
    // The quick operations' workflows run on the solve queue (the stack's queue prefix is bench-<name>).
    await workerPolling(stack.temporalAddress, 'bench-runner-solve');
    const base = stack.urls[0]!;
    const authorization = await stack.addOwner('bench');
    const plan = dayPlan(routes, stops);
    const operations: Operation[] = ['evaluate', 'recommend', 'insert'];
    const roots = { bench: process.pid, api: stack.pids.apis[0], worker: stack.pids.worker, infra: stack.pids.infra };
    const cpu = () => stackCpu(roots, (name) => (name === 'postgres' ? 'postgres' : name.startsWith('temporal') ? 'temporal' : undefined));
    const cpuLines: string[] = [];
    const hopLines: string[] = [];
    const load = [loadavg()[0]!];
    process.stdout.write(
      `runner latency: ${routes} routes × ${stops} stops + ${openJobs} open jobs, wait=1 over HTTP, 1 worker, 1 API; ${availableParallelism()} cores; load ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}\n`,
    );
    process.stdout.write('  operation                    n     p50     p95     p99     max  (ms)\n');
    for (const operation of operations) {
      const payloads = Array.from({ length: Math.max(requests, concurrent * rounds, warmup) }, (_, n) =>
        JSON.stringify(body(plan, operation, n)),
      );
      const cold: number[] = [];
      for (let n = 0; n < warmup; n++) cold.push(await timed(base, authorization, operation, payloads[n]!));
      const sequential: number[] = [];
      const times: TimedRequest[] = [];
      const cpuBefore = cpu();
      for (let n = 0; n < requests; n++) sequential.push(await timed(base, authorization, operation, payloads[n]!, times));
      cpuLines.push(`  ${operation.padEnd(10)} ${cpuPerRequest(cpuBefore, cpu(), requests)}\n`);
      hopLines.push(
        `  ${operation.padEnd(10)} ${hopsByMode(sequential, await requestHops(base, authorization, stack.temporalAddress, times))}\n`,
      );
      load.push(loadavg()[0]!);
      const together: number[] = [];
      for (let round = 0; round < rounds; round++) {
        together.push(
          ...(await Promise.all(
            Array.from({ length: concurrent }, (_, c) => timed(base, authorization, operation, payloads[round * concurrent + c]!)),
          )),
        );
      }
      load.push(loadavg()[0]!);
      if (warmup > 0) process.stdout.write(row(`${operation} warm-up`, cold));
      process.stdout.write(row(`${operation} sequential`, sequential));
      if (rounds > 0 && concurrent > 0) process.stdout.write(row(`${operation} ${concurrent} at once`, together));
    }
    process.stdout.write(`CPU ms per sequential request, by process:\n${cpuLines.join('')}`);
    process.stdout.write(`Median ms of each hop of the sequential requests (hops.ts):\n${hopLines.join('')}`);
    process.stdout.write(`1-minute load average during the run: ${Math.min(...load).toFixed(2)}–${Math.max(...load).toFixed(2)}\n`);
  } finally {
    await stack.stop();
  }
}

await main();
