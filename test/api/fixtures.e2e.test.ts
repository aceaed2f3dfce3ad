import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { repoRoot } from '../../runtime/paths.js';
import { request } from '../support/http.js';
import { DATETIME, TIMESPAN, TIMESTAMP } from '../support/response-check.js';
import { useTestStack } from '../support/stack.js';

/**
 * The golden request/response fixtures of test/fixtures (one file per operation, written from the
 * compatible API's documentation; test/fixtures/README.md says how to read them), sent as a client
 * of that API sends them and compared with what comes back.
 */

interface Step {
  method: string;
  path: string;
  request?: unknown;
  response: { status: number; body?: unknown; content_type?: string };
}
interface Fixture {
  operation: string;
  /** What the fixture shows. */
  about: string;
  steps: Step[];
}

const folder = join(repoRoot, 'test', 'fixtures');
const fixtures = readdirSync(folder)
  .filter((name) => name.endsWith('.json'))
  .sort()
  .map((name) => JSON.parse(readFileSync(join(folder, name), 'utf8')) as Fixture);

const placeholders: Record<string, (value: unknown) => boolean> = {
  '<timespan>': (v) => typeof v === 'string' && TIMESPAN.test(v),
  '<datetime>': (v) => typeof v === 'string' && DATETIME.test(v),
  '<timestamp>': (v) => typeof v === 'string' && TIMESTAMP.test(v),
  '<date>': (v) => typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v),
  '<latlon>': (v) => typeof v === 'string' && /^-?\d{1,3}(\.\d+)?,-?\d{1,3}(\.\d+)?$/.test(v),
  '<string>': (v) => typeof v === 'string',
  '<number>': (v) => typeof v === 'number' && Number.isFinite(v),
  '<integer>': (v) => Number.isInteger(v),
  '<boolean>': (v) => typeof v === 'boolean',
  '<any>': (v) => v !== undefined,
};

/** Where `actual` differs from the golden `expected` (see test/fixtures/README.md); captures `<id:name>` values. */
export function goldenFaults(expected: unknown, actual: unknown, captured: Map<string, unknown>, path = 'body'): string[] {
  if (typeof expected === 'string' && expected.startsWith('<') && expected.endsWith('>')) {
    const capture = /^<id:(\w+)>$/.exec(expected);
    if (capture) {
      if (typeof actual !== 'string' || actual === '') return [`${path}: expected an id, got ${JSON.stringify(actual)}`];
      captured.set(capture[1]!, actual);
      return [];
    }
    const check = placeholders[expected];
    if (check === undefined) throw new Error(`unknown placeholder ${expected} at ${path}`);
    return check(actual) ? [] : [`${path}: expected ${expected}, got ${JSON.stringify(actual)}`];
  }
  if (Array.isArray(expected)) {
    if (!Array.isArray(actual)) return [`${path}: expected an array, got ${JSON.stringify(actual)}`];
    if (expected[0] === '<each>') {
      if (actual.length === 0) return [`${path}: expected at least one element`];
      return actual.flatMap((item, i) => goldenFaults(expected[1], item, captured, `${path}[${i}]`));
    }
    if (expected.length !== actual.length) return [`${path}: expected ${expected.length} elements, got ${actual.length}`];
    return expected.flatMap((item, i) => goldenFaults(item, actual[i], captured, `${path}[${i}]`));
  }
  if (typeof expected === 'object' && expected !== null) {
    if (typeof actual !== 'object' || actual === null || Array.isArray(actual))
      return [`${path}: expected an object, got ${JSON.stringify(actual)}`];
    return Object.entries(expected).flatMap(([key, value]) =>
      value === '<absent>'
        ? key in actual
          ? [`${path}.${key}: expected absent`]
          : []
        : goldenFaults(value, (actual as Record<string, unknown>)[key], captured, `${path}.${key}`),
    );
  }
  return Object.is(expected, actual) ? [] : [`${path}: expected ${JSON.stringify(expected)}, got ${JSON.stringify(actual)}`];
}

/** `{name}` in a path or request replaced by a value captured in an earlier step. */
function substitute<T>(value: T, captured: Map<string, unknown>): T {
  const text = JSON.stringify(value ?? null).replace(/\{(\w+)\}/g, (whole, name: string) =>
    captured.has(name) ? String(captured.get(name)) : whole,
  );
  return JSON.parse(text) as T;
}

const { stack, user } = useTestStack({ WAYPLAN_WAIT_SECONDS: '10' });
let session: string;

beforeAll(async () => {
  const login = await request(`${stack.baseUrl}/auth/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ username: `${user.account}:${user.user}`, password: user.password, application: 'session' }),
  });
  session = login.body.sessionId;
});

describe('golden fixtures of the compatible API', () => {
  test('there is one for every operation group the public documentation lists', () => {
    const operations = fixtures.map((f) => f.operation);
    for (const name of [
      'login',
      'path',
      'instantiate',
      'build',
      'assignment_restrictions',
      'optimize',
      'sequence',
      'evaluate',
      'recommend',
      'insert',
      'centroids',
      'zones',
      'consolidate_by_job_restrictions',
      'consolidate_by_route_assignments',
      'geocode',
      'reverse_geocode',
      'tasks',
      'sandboxes',
      'canonicalize',
      'validate',
      'version',
      'errors',
    ]) {
      expect(operations).toContain(name);
    }
  });

  test.each(fixtures.map((f) => [f.operation, f] as const))('%s', async (_name, fixture) => {
    const captured = new Map<string, unknown>([
      ['account', user.account],
      ['user', user.user],
      ['password', user.password],
    ]);
    for (const [index, step] of fixture.steps.entries()) {
      const path = substitute(step.path, captured);
      const body = step.request === undefined ? undefined : JSON.stringify(substitute(step.request, captured));
      // As the public API's clients do: the session header and the JSON content type on every call.
      let response = await request(`${stack.baseUrl}${path}`, {
        method: step.method,
        headers: { 'Content-Type': 'application/json', 'X-Telogis-Session-Id': session },
        ...(body === undefined ? {} : { body }),
      });
      for (let hops = 0; response.status === 302 && step.response.status !== 302 && hops < 60; hops++) {
        response = await request(`${stack.baseUrl}${response.headers.get('location')}`, {
          headers: { 'Content-Type': 'application/json', 'X-Telogis-Session-Id': session },
        });
      }
      const where = `${fixture.operation} step ${index + 1} (${step.method} ${path})`;
      expect({ where, status: response.status, body: response.status === step.response.status ? undefined : response.body }).toEqual({
        where,
        status: step.response.status,
        body: undefined,
      });
      if (step.response.content_type !== undefined) expect(response.headers.get('content-type')).toContain(step.response.content_type);
      if (step.response.body !== undefined)
        expect({ where, faults: goldenFaults(substitute(step.response.body, captured), response.body, captured) }).toEqual({
          where,
          faults: [],
        });
    }
  });
});
