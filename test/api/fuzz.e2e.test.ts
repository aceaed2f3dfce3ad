import fc from 'fast-check';
import { useTestStack } from '../support/stack.js';
import { request, type JsonResponse } from '../support/http.js';
import { seededRandom } from '../support/problems.js';
import { randomProblem } from '../engine/evaluate/random-problems.js';

// Fixed seeds make the run the same mutations every time; 2,000 of them (1,000 whole evaluate tasks)
// cover every mutation kind on each of the 200 base problems many times over, in about a fifth of
// the time 10,000 took on a loaded 2-core machine (555-688 s).
const mutations = 2_000;
const inFlight = 8;
const requestTimeoutMs = 60_000;

const { stack, user } = useTestStack({ WAYPLAN_CONCURRENCY_LIMIT: '100', WAYPLAN_WAIT_SECONDS: '30' });

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

function deepNest(depth: number): Json {
  let value: Json = 'bottom';
  for (let level = 0; level < depth; level++) value = level % 2 === 0 ? [value] : { routes: value };
  return value;
}

/** A wrong value for anything: other types, null, strings that look almost right, deep nesting, huge arrays. */
function junk(random: () => number, original: Json | undefined): Json {
  const choices: (() => Json)[] = [
    () => null,
    () => Math.floor(random() * 2e6) - 1e6,
    () => random() * 1e12,
    () => '',
    () => 'x'.repeat(Math.floor(random() * 300)),
    () => random() < 0.5,
    () => [],
    () => ({}),
    () => '91, 181',
    () => '47.6, -122.3',
    () => '25:61',
    () => '-00:30',
    () => '2024-02-30',
    () => ({ id: 'job-0' }),
    () => deepNest(1 + Math.floor(random() * 2000)),
    () => Array.from({ length: 1000 + Math.floor(random() * 4000) }, () => (original === undefined ? null : original)),
    () => Array.from({ length: 2000 }, (_, i) => i),
  ];
  return choices[Math.floor(random() * choices.length)]!();
}

/** Replaces, deletes or blows up the value at a random position of a copy of the problem. */
function mutate(problem: Json, random: () => number): Json {
  const copy = JSON.parse(JSON.stringify(problem)) as Json;
  let node: Json = copy;
  for (;;) {
    const container = node as Record<string, Json> | Json[];
    const keys = Object.keys(container);
    if (keys.length === 0) return copy;
    const key = keys[Math.floor(random() * keys.length)]!;
    const child = (container as Record<string, Json>)[key]!;
    const descend = typeof child === 'object' && child !== null && random() < 0.7;
    if (descend) {
      node = child;
      continue;
    }
    if (!Array.isArray(container) && random() < 0.25) delete container[key];
    else (container as Record<string, Json>)[key] = junk(random, child);
    return copy;
  }
}

interface Tally {
  sent: number;
  /** "endpoint status" → count. */
  byStatus: Map<string, number>;
  failures: string[];
}

function check(tally: Tally, endpoint: string, response: JsonResponse): void {
  tally.sent++;
  const key = `${endpoint.split('?')[0]} ${response.status}`;
  tally.byStatus.set(key, (tally.byStatus.get(key) ?? 0) + 1);
  if (response.status >= 500 || response.status === 302) {
    tally.failures.push(`${endpoint}: ${response.status} ${response.text.slice(0, 200)}`);
    return;
  }
  if (response.status !== 400) return;
  for (const error of response.body?.errors ?? [{}]) {
    if (error.code === 'invalid_json_error') continue;
    if (typeof error.property !== 'string' || !error.property.startsWith('request'))
      tally.failures.push(`${endpoint}: 400 without a property: ${JSON.stringify(error).slice(0, 200)}`);
  }
}

async function send(path: string, body: string): Promise<JsonResponse> {
  return request(`${stack.baseUrl}${path}`, {
    method: 'POST',
    headers: { authorization: user.basic, 'content-type': 'application/json' },
    body,
    signal: AbortSignal.timeout(requestTimeoutMs),
  });
}

test(`${mutations} mutated problems at /v1/validate and /v1/evaluate: no 5xx, no hang, every 400 names a property`, async () => {
  const bases = fc.sample(randomProblem, { numRuns: 200, seed: 42 }) as unknown as Json[];
  const random = seededRandom(7);
  const tally: Tally = { sent: 0, byStatus: new Map(), failures: [] };
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < mutations) {
      const index = next++;
      let body: Json = bases[index % bases.length]!;
      const rounds = 1 + Math.floor(random() * 3);
      for (let r = 0; r < rounds; r++) body = mutate(body, random);
      // Alternate endpoints: every valid mutation sent to evaluate is a whole task (workflow and
      // thread), which is what bounds the run time.
      const path = index % 2 === 0 ? '/v1/validate' : '/v1/evaluate?wait=1';
      try {
        check(tally, path, await send(path, JSON.stringify(body)));
      } catch (err) {
        tally.failures.push(`${path}: no answer (${(err as Error).message})`);
      }
    }
  };
  const started = Date.now();
  await Promise.all(Array.from({ length: inFlight }, worker));
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `fuzz: ${mutations} mutations (half to each endpoint) in ${seconds} s; answers ${JSON.stringify(Object.fromEntries(tally.byStatus))}`,
  );
  expect(tally.failures).toEqual([]);
  expect(tally.sent).toBe(mutations);
}, 600_000);
