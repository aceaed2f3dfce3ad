import fc from 'fast-check';
import { TestStack, type TestUser } from '../support/stack.js';
import { request, type JsonResponse } from '../support/http.js';
import { seededRandom } from '../support/problems.js';
import { hostileStrings, hostileValue, mutated, schemaArbitrary, type SchemaNode } from '../support/schema-arbitrary.js';

/**
 * Hostile input generated from our own OpenAPI document: for every operation it lists (and the
 * sandbox routes it does not list yet), requests whose bodies, path and query parameters follow the
 * schemas, are mutated at a random place, or are not JSON at all; with wrong methods, content types
 * and credentials now and then. Nothing may answer 5xx, no body may carry a server path or an
 * internal address, and the service stays healthy after every group.
 *
 * The worker is stopped after start: tasks are accepted and queued but never solved, so the run
 * measures the API (where every one of these requests is decided) rather than the solver.
 */
const requestsPerOperation = 50;
const inFlight = 4;
/** Answers slower than this are counted and reported... */
const slowMs = 5000;
/** ...and only one this slow fails the run: no correct server comes near it, even on a loaded machine. */
const hopelessMs = 60_000;

interface Operation {
  method: string;
  path: string;
  parameters: { name: string; in: string; schema: SchemaNode }[];
  body: SchemaNode | undefined;
}

let stack: TestStack;
let owner: TestUser;
let document: { paths: Record<string, Record<string, SchemaNode>>; components: { schemas: Record<string, SchemaNode> } };
const realIds: Record<string, string> = {};

beforeAll(async () => {
  stack = await TestStack.start({
    WAYPLAN_CONCURRENCY_LIMIT: '100',
    WAYPLAN_WAIT_SECONDS: '1',
    // Bad credentials are part of the input; the throttle has its own tests.
    WAYPLAN_LOGIN_ACCOUNT_FAILURES: '1000000',
    WAYPLAN_LOGIN_ADDRESS_FAILURES: '1000000',
  });
  owner = await stack.createUser();
  document = (await request(`${stack.baseUrl}/v1/openapi.json`)).body;
  const created = await request(`${stack.baseUrl}/v1/sandboxes?name=hostile`, {
    method: 'POST',
    headers: { authorization: owner.basic, 'content-type': 'application/json' },
    body: '{"jobs": [{"id": "j1"}]}',
  });
  realIds.sandbox_id = created.body.sandbox_id;
  const task = await request(`${stack.baseUrl}/v1/evaluate`, {
    method: 'POST',
    headers: { authorization: owner.basic, 'content-type': 'application/json' },
    body: '{"routes": [{"id": "r1", "jobs": []}]}',
  });
  realIds.task_id = task.body.task_id;
  await stack.killWorker();
}, 180_000);
afterAll(() => stack.stop());

const sandboxProblem: SchemaNode = { $ref: '#/components/schemas/problem' };
const deltaSchema: SchemaNode = {
  type: 'object',
  properties: {
    $path: {
      anyOf: [
        { enum: [[], ['jobs'], ['routes'], ['drivers'], ['routes', { id: 'r1' }, 'jobs'], ['schedules', { id: 's1' }, 'jobs']] },
        { type: 'array', items: {} },
      ],
    },
    $collection: { enum: ['object', 'keyed_array', 'array', 'dict', 'set'] },
    assign: { type: 'array', items: { $ref: '#/components/schemas/job' } },
    unassign: { type: 'array', items: { type: 'string' } },
    replace: { type: 'array', items: { type: 'string' } },
    insert: { type: 'array', items: { type: 'string' } },
    index: { type: 'integer', minimum: 0 },
    set: { type: 'array', items: { type: 'object', properties: { index: { type: 'integer', minimum: 0 }, value: {} } } },
    remove: { type: 'array', items: {} },
  },
};

/** Sandbox routes, which the document does not describe yet: fuzzed from these shapes. */
const sandboxOperations: Operation[] = [
  ['GET', '/v1/sandboxes', [], undefined],
  ['POST', '/v1/sandboxes', ['name'], sandboxProblem],
  ['GET', '/v1/sandboxes/{sandbox_id}', ['revision', 'envelope', 'aggregate'], undefined],
  ['POST', '/v1/sandboxes/{sandbox_id}', [], sandboxProblem],
  ['DELETE', '/v1/sandboxes/{fake_id}', [], undefined],
  ['POST', '/v1/sandboxes/{sandbox_id}/rename', ['name'], undefined],
  ['GET', '/v1/sandboxes/{sandbox_id}/revisions', ['from', 'wait'], undefined],
  [
    'POST',
    '/v1/sandboxes/{sandbox_id}/revisions',
    ['tag'],
    {
      anyOf: [
        { type: 'object', properties: { deltas: { type: 'array', items: deltaSchema } }, required: ['deltas'] },
        { type: 'object', properties: { snapshot: sandboxProblem }, required: ['snapshot'] },
        { type: 'object', properties: { undo_redo_to_revision: { type: 'integer', minimum: 0 } }, required: ['undo_redo_to_revision'] },
      ],
    },
  ],
  ['POST', '/v1/sandboxes/{sandbox_id}/expiry', ['interval'], undefined],
  ['GET', '/v1/sandboxes/{sandbox_id}/acl', [], undefined],
  ['GET', '/v1/sandboxes/all/acl', [], undefined],
  ['POST', '/v1/sandboxes/{sandbox_id}/acl', ['permission', 'subuser'], undefined],
  ['DELETE', '/v1/sandboxes/{sandbox_id}/acl', ['permission', 'subuser'], undefined],
].map(([method, path, query, body]) => ({
  method: method as string,
  path: path as string,
  parameters: (query as string[]).map((name) => ({ name, in: 'query', schema: { type: 'string' } })),
  body: body as SchemaNode | undefined,
}));

function operations(): Operation[] {
  const listed: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths)) {
    for (const [method, operation] of Object.entries(methods)) {
      const content = (operation.requestBody as { content?: Record<string, { schema: SchemaNode }> } | undefined)?.content;
      listed.push({
        method: method.toUpperCase(),
        path,
        parameters: ((operation.parameters as Operation['parameters'] | undefined) ?? []).filter(
          (p) => p.in === 'query' || p.in === 'path',
        ),
        body: content?.['application/json']?.schema,
      });
    }
  }
  const documented = new Set(listed.map((o) => `${o.method} ${o.path}`));
  return [...listed, ...sandboxOperations.filter((o) => !documented.has(`${o.method} ${o.path}`))];
}

/** Path segments: a real id, a random one, or bytes that break decoders and databases. */
const pathSegments = [
  'nope',
  '00000000-0000-0000-0000-000000000000',
  '%00',
  'a%00b',
  '%G0',
  '%',
  '..%2F..%2Fetc',
  'x'.repeat(400),
  '%E2%80%AE',
  '%F0%9F%98%80',
  '-1',
  '9'.repeat(30),
];

/** Lone surrogates as U+FFFD, as a UTF-8 encoder writes them. */
const wellFormed = (text: string): string =>
  text.replace(/[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd');

interface Built {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

function build(
  operation: Operation,
  random: () => number,
  sample: { body: unknown; query: Record<string, unknown>; hostile: unknown },
): Built {
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const path = operation.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    realIds[name] !== undefined && random() < 0.6 ? realIds[name]! : pick(pathSegments),
  );
  const query = Object.entries(sample.query)
    .filter(() => random() < 0.6)
    .map(([name, value]) => {
      const text = random() < 0.25 ? pick(hostileStrings) : typeof value === 'string' ? value : JSON.stringify(value);
      // Usually encoded as a client library would (lone surrogates as U+FFFD); sometimes raw, as a hand-written URL.
      return `${name}=${random() < 0.85 ? encodeURIComponent(wellFormed(text)) : text.replace(/[\s#&?]/g, '')}`;
    });
  const headers: Record<string, string> = { authorization: owner.basic };
  const roll = random();
  if (roll < 0.04)
    headers.authorization = pick([
      'Basic %%%',
      `Basic ${Buffer.from('a\u0000:b\u0000').toString('base64')}`,
      'Bearer x',
      'Basic ' + 'A'.repeat(4000),
    ]);
  else if (roll < 0.06) {
    delete headers.authorization;
    headers['x-service-session-id'] = pick(['nope', '\u00e9', 'x'.repeat(2000)]).replace(/[^\x20-\x7e]/g, '?');
  }
  let method = operation.method;
  if (random() < 0.04) method = pick(['PUT', 'PATCH', 'DELETE', 'OPTIONS', 'GET', 'POST']);
  const built: Built = { method, url: `${stack.baseUrl}${path}${query.length ? `?${query.join('&')}` : ''}`, headers };
  if (method === 'GET' || method === 'HEAD') return built;
  const bodyRoll = random();
  headers['content-type'] =
    bodyRoll < 0.03
      ? pick(['text/plain', 'application/xml', 'application/json; charset=latin1', 'multipart/form-data'])
      : 'application/json';
  if (bodyRoll < 0.08)
    built.body = pick([
      '',
      '{',
      'null',
      '[]',
      '""',
      '1e999',
      '{"a":}',
      '\u0000',
      '{"__proto__": {"x": 1}}',
      '{"constructor": {"prototype": {"x": 1}}}',
    ]);
  else if (operation.body || random() < 0.3)
    built.body = JSON.stringify(random() < 0.5 ? sample.body : mutated(sample.body, random, sample.hostile));
  return built;
}

/** Text that only the server knows: its folders and the addresses of its database and Temporal. */
function secrets(): string[] {
  const hostPort = (url: string | undefined): string[] => {
    if (!url) return [];
    const parsed = new URL(url.includes('://') ? url : `tcp://${url}`);
    return [`${parsed.hostname}:${parsed.port}`, ...(parsed.username ? [`${parsed.username}@`] : [])];
  };
  return [
    process.cwd(),
    ...(process.env.WAYPLAN_TEST_DATA_DIR ? [process.env.WAYPLAN_TEST_DATA_DIR] : []),
    ...hostPort(process.env.WAYPLAN_TEST_DATABASE_URL),
    ...hostPort(process.env.WAYPLAN_TEST_TEMPORAL_ADDRESS),
    'node_modules',
    'FST_',
    '    at ',
  ];
}

interface Tally {
  sent: number;
  byStatus: Map<number, number>;
  slow: number;
  slowestMs: number;
  slowest: string;
  failures: string[];
}

async function send(built: Built, tally: Tally, leaks: string[]): Promise<void> {
  const started = Date.now();
  let response: JsonResponse;
  const label = `${built.method} ${built.url.slice(stack.baseUrl.length, stack.baseUrl.length + 120)}`;
  try {
    response = await request(built.url, {
      method: built.method,
      headers: built.headers,
      ...(built.body !== undefined ? { body: built.body } : {}),
      signal: AbortSignal.timeout(hopelessMs),
    });
  } catch (err) {
    tally.failures.push(`${label}: no answer (${(err as Error).message})`);
    return;
  }
  const ms = Date.now() - started;
  tally.sent++;
  tally.byStatus.set(response.status, (tally.byStatus.get(response.status) ?? 0) + 1);
  if (ms > slowMs) tally.slow++;
  if (ms > tally.slowestMs) {
    tally.slowestMs = ms;
    tally.slowest = label;
  }
  if (response.status >= 500) tally.failures.push(`${label}: ${response.status} ${response.text.slice(0, 200)}`);
  const leaked = leaks.find((secret) => response.text.includes(secret));
  if (leaked !== undefined) tally.failures.push(`${label}: the answer contains ${JSON.stringify(leaked)}: ${response.text.slice(0, 200)}`);
}

test(`every operation of the OpenAPI document, ${requestsPerOperation} hostile requests each: no 5xx, no leaks, healthy throughout`, async () => {
  const all = operations();
  const leaks = secrets();
  const tally: Tally = { sent: 0, byStatus: new Map(), slow: 0, slowestMs: 0, slowest: '', failures: [] };
  const started = Date.now();
  for (const [index, operation] of all.entries()) {
    const queryShape = Object.fromEntries(
      operation.parameters.filter((p) => p.in === 'query').map((p) => [p.name, schemaArbitrary(p.schema, document.components.schemas)]),
    );
    const samples = fc.sample(
      fc.record({
        body: operation.body ? schemaArbitrary(operation.body, document.components.schemas) : fc.constant({}),
        query: fc.record(queryShape),
        hostile: hostileValue,
      }),
      { numRuns: requestsPerOperation, seed: 1000 + index },
    );
    const random = seededRandom(2000 + index);
    const requests = samples.map((sample) => build(operation, random, sample));
    let next = 0;
    await Promise.all(
      Array.from({ length: inFlight }, async () => {
        while (next < requests.length) await send(requests[next++]!, tally, leaks);
      }),
    );
    const health = await request(`${stack.baseUrl}/healthz`);
    if (health.status !== 200) tally.failures.push(`after ${operation.method} ${operation.path}: healthz ${health.status}`);
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `hostile: ${tally.sent} requests over ${all.length} operations in ${seconds} s; statuses ${JSON.stringify(Object.fromEntries(tally.byStatus))}; ` +
      `${tally.slow} over ${slowMs / 1000} s; slowest ${tally.slowestMs} ms (${tally.slowest})`,
  );
  expect(tally.failures).toEqual([]);
  expect(tally.sent).toBeGreaterThanOrEqual(2000);
}, 900_000);
