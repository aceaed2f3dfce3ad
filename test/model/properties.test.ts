import fc from 'fast-check';
import { canonicalize, OPERATIONS, validateRequest, type Problem } from '../../model/index.js';
import { canonicalizeAndValidate, validateThenCanonicalize } from '../../model/validation/validate.js';
import { MAX_PROBLEM_ENTITIES } from '../../model/validation/problem-size.js';

const latlon = fc
  .tuple(fc.double({ min: -89, max: 89, noNaN: true }), fc.double({ min: -179, max: 179, noNaN: true }))
  .map(([lat, lon]) => `${lat.toFixed(5)}, ${lon.toFixed(5)}`);
const timespan = fc
  .integer({ min: 0, max: 47 * 3600 })
  .map((s) => `${Math.floor(s / 3600)}:${String(Math.floor(s / 60) % 60).padStart(2, '0')}`);
const date = fc.integer({ min: 0, max: 30_000 }).map((day) => new Date(day * 86_400_000).toISOString().slice(0, 10));

/** Valid problems with a mix of inline and referenced entities and unique ids. */
const validProblem: fc.Arbitrary<Problem> = fc
  .record({
    jobCount: fc.integer({ min: 0, max: 12 }),
    routeCount: fc.integer({ min: 0, max: 4 }),
    dated: fc.boolean(),
    inline: fc.array(fc.boolean(), { minLength: 12, maxLength: 12 }),
    locations: fc.array(latlon, { minLength: 12, maxLength: 12 }),
    spans: fc.array(timespan, { minLength: 12, maxLength: 12 }),
    day: date,
    custom: fc.dictionary(fc.string(), fc.string(), { maxKeys: 3 }),
  })
  .map(({ jobCount, routeCount, dated, inline, locations, spans, day, custom }) => {
    const jobs = Array.from({ length: jobCount }, (_, index) => ({
      id: `job ${index}`,
      location: index % 3 === 0 ? { id: `marker ${index}`, location: locations[index]! } : locations[index]!,
      time_on_site: spans[index]!,
      time_window: { start: '08:00', end: '30:00' },
      custom,
    }));
    const routes = Array.from({ length: routeCount }, (_, index) => ({
      id: `route ${index}`,
      ...(dated ? { date: day } : {}),
      driver: { id: `driver ${index}`, location: locations[index]! },
      jobs: jobs
        .filter((_, jobIndex) => jobIndex % Math.max(routeCount, 1) === index)
        .map((job, jobIndex) => (inline[jobIndex] ? job : job.id)),
    }));
    const referenced = new Set(
      routes.flatMap((route) => route.jobs.filter((job) => typeof job !== 'string').map((job) => (job as { id: string }).id)),
    );
    return { name: 'generated', custom, jobs: jobs.filter((job) => !referenced.has(job.id)), routes } as Problem;
  });

const OPERATION_NAMES = Object.keys(OPERATIONS);

/** Arbitrary JSON-ish junk, including values JSON cannot carry. */
const junk = fc.oneof(
  fc.constant(null),
  fc.constant(undefined),
  fc.constant(Number.NaN),
  fc.string(),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant([]),
  fc.constant({}),
  fc.constant('1, 2'),
  fc.constant('25:00'),
  fc.constant('2024-02-30'),
);

function deepNest(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level++) value = level % 2 === 0 ? [value] : { jobs: value };
  return value;
}

/**
 * Replaces the value at a generated position of a problem with junk (or deep nesting, or a huge
 * array). Each step picks a key; a step divisible by 5 stops there, so shallow fields get hit too.
 */
function mutate(problem: Problem, path: number[], replacement: unknown): unknown {
  const copy: unknown = JSON.parse(JSON.stringify(problem));
  let node: unknown = copy;
  for (const step of path) {
    const container = node as Record<string, unknown> | unknown[];
    const keys = Object.keys(container);
    if (keys.length === 0) break;
    const key = keys[step % keys.length]!;
    const child = (container as Record<string, unknown>)[key];
    if (typeof child !== 'object' || child === null || step % 5 === 0) {
      (container as Record<string, unknown>)[key] = replacement;
      return copy;
    }
    node = child;
  }
  return replacement;
}

describe('property: valid problems', () => {
  it('validate without faults for every routing operation and never throw', () => {
    fc.assert(
      fc.property(validProblem, (problem) => {
        expect(validateRequest(problem, 'build')).toEqual([]);
        expect(validateRequest(problem, 'sequence')).toEqual([]);
        expect(validateRequest(canonicalize(problem), 'evaluate')).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  it('canonicalize idempotently', () => {
    fc.assert(
      fc.property(validProblem, (problem) => {
        const once = canonicalize(problem);
        expect(canonicalize(once)).toEqual(once);
        expect(JSON.stringify(canonicalize(once))).toBe(JSON.stringify(once));
      }),
      { numRuns: 200 },
    );
  });
});

describe('fuzz', () => {
  it('random mutations never make validate or canonicalize throw, and every fault has a property', () => {
    fc.assert(
      fc.property(
        validProblem,
        fc.array(fc.nat(), { minLength: 1, maxLength: 8 }),
        fc.oneof(junk, fc.integer({ min: 1, max: 3000 }).map(deepNest), fc.constant(Array.from({ length: 5000 }, () => null))),
        fc.constantFrom(...OPERATION_NAMES),
        (problem, path, replacement, operation) => {
          const body = mutate(problem, path, replacement);
          const faults = validateRequest(body, operation);
          expect(faults.length).toBeLessThanOrEqual(100);
          for (const fault of faults) {
            expect(fault.property).toMatch(/^request/);
            expect(typeof fault.code).toBe('string');
            expect(typeof fault.message).toBe('string');
          }
          canonicalize(body as Problem);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('survives hostile shapes', () => {
    const hostile: unknown[] = [
      undefined,
      Number.NaN,
      'string',
      deepNest(100_000),
      { jobs: deepNest(50_000) },
      { routes: [{ id: 'r', jobs: Array.from({ length: 50_000 }, () => ({})) }] },
      { jobs: Array.from({ length: 50_000 }, (_, index) => index) },
      {
        zones: [
          { id: 'z', boundary: { vertices: Array.from({ length: 2000 }, (_, index) => `${Math.sin(index)}, ${Math.cos(index * 7)}`) } },
        ],
      },
      { custom: deepNest(10_000) },
      { jobs: [[], {}, null, [null], { id: {} }], routes: 'x', markers: 5, settings: [] },
      { jobs: [, , { id: 'a', location: '0,0' }] },
    ];
    for (const body of hostile) {
      for (const operation of ['build', 'recommend', 'path', 'zones']) {
        const faults = validateRequest(body, operation);
        expect(faults.length).toBeLessThanOrEqual(100);
        expect(faults.every((fault) => fault.property.startsWith('request'))).toBe(true);
      }
    }
  });
});

/** Runs `check` on 300 valid problems and random mutations of them. */
function validAndMutated(check: (body: unknown) => void): void {
  fc.assert(
    fc.property(
      validProblem,
      fc.array(fc.nat(), { minLength: 1, maxLength: 8 }),
      junk,
      fc.boolean(),
      (problem, path, replacement, keep) => {
        check(keep ? problem : mutate(problem, path, replacement));
      },
    ),
    { numRuns: 300 },
  );
}

describe('canonicalizeAndValidate', () => {
  /** The two-pass answer it must give: the canonical form, then validation of that form. */
  function twoPasses(body: unknown): { canonical: unknown; faults: unknown[] } {
    const canonical = canonicalize(body);
    return { canonical, faults: validateRequest(canonical, 'canonicalize') };
  }

  function expectTwoPasses(body: unknown): void {
    const once = canonicalizeAndValidate(body);
    expect(once).toEqual(twoPasses(body));
    expect(JSON.stringify(once.canonical)).toBe(JSON.stringify(canonicalize(body)));
  }

  it('gives the canonical form and the faults of canonicalize then validateRequest, valid or not', () => {
    validAndMutated(expectTwoPasses);
  });

  it('numbers faults as the two passes do when inline entities have no id or a duplicate one', () => {
    const bodies = [
      {
        routes: [
          {
            id: 'r',
            jobs: [
              { location: '1,2', time_on_site: 'soon' },
              { id: 'j', location: '1,2' },
            ],
          },
        ],
        jobs: [{ id: 'k' }],
      },
      { routes: [{ id: 'r', jobs: [{ id: 'j', time_on_site: 'soon' }, { id: 'j', time_on_site: '00:05' }, 'gone'] }] },
      { jobs: [{ id: 'j', location: { location: '95,200' } }], routes: [{ id: 'r', driver: { location: '1,2' } }] },
    ];
    for (const body of bodies) {
      expect(canonicalizeAndValidate(body).faults.length).toBeGreaterThan(0);
      expectTwoPasses(body);
    }
  });
});

describe('validateThenCanonicalize', () => {
  /** The two-pass answer it must give: validateRequest's faults, or else the canonical form. */
  function twoPasses(body: unknown): { faults: unknown[] } | { canonical: unknown } {
    const faults = validateRequest(body, 'canonicalize');
    return faults.length > 0 ? { faults } : { canonical: canonicalize(body) };
  }

  function expectTwoPasses(body: unknown): void {
    const once = validateThenCanonicalize(body);
    expect(once).toEqual(twoPasses(body));
    if ('canonical' in once) expect(JSON.stringify(once.canonical)).toBe(JSON.stringify(canonicalize(body)));
  }

  it('gives the faults of validateRequest or else the canonical form, valid or not', () => {
    validAndMutated(expectTwoPasses);
  });

  it('counts entities on the body as sent, whose count the canonical form changes', () => {
    const inline = Array.from({ length: MAX_PROBLEM_ENTITIES / 2 }, (_, j) => ({ id: `j${j}`, location: '1,2' }));
    const bodies = [
      // Over the limit as sent; canonical form drops the unknown field.
      { jobs: [], notes: Array.from({ length: MAX_PROBLEM_ENTITIES + 1 }, () => 0) },
      // Within it as sent; canonical form counts each inline job twice (in jobs, and by id on its route).
      { routes: [{ id: 'r', jobs: inline }] },
      // id-less inline entities: validation's form is not the canonical form (and they lack an id).
      { routes: [{ id: 'r', jobs: [{ location: '1,2' }, { location: '1,3', time_on_site: '00:05' }] }] },
    ];
    for (const body of bodies) expectTwoPasses(body);
    expect(validateThenCanonicalize(bodies[0])).toEqual({ faults: [expect.objectContaining({ code: 'too_many_items_error' })] });
    expect(validateThenCanonicalize(bodies[1])).toHaveProperty('canonical');
  });
});

describe('size', () => {
  // Its speed is a bench's business, not a test's (no clocks in assertions).
  it('validates a 10,000-job problem on 100 routes and finds it valid', () => {
    const jobs = Array.from({ length: 10_000 }, (_, index) => ({
      id: `job${index}`,
      location: `${(index % 90) / 2}, ${(index % 180) / 2}`,
      time_on_site: '00:05',
      time_window: { start: '08:00', end: '17:00' },
      loads: [{ metric: 'kg', amount: 1 }],
      custom: { ref: String(index) },
    }));
    const routes = Array.from({ length: 100 }, (_, index) => ({
      id: `route${index}`,
      date: '2024-03-01',
      jobs: jobs.slice(index * 100, index * 100 + 100).map((job) => job.id),
    }));
    expect(validateRequest({ jobs, routes }, 'evaluate')).toEqual([]);
  });
});
