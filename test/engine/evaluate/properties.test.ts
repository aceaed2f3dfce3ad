import fc from 'fast-check';
import { canonicalize } from '../../../model/canonical.js';
import { resolveProblem } from '../../../model/resolve.js';
import { validateRequest } from '../../../model/validation/validate.js';
import { straightLineProvider } from '../../../geo/straight-line.js';
import { evaluateProblem } from '../../../engine/evaluate/evaluate-problem.js';
import { problemTravelTable } from '../../../engine/evaluate/problem-travel.js';
import { randomProblem } from './random-problems.js';

async function evaluate(body: unknown) {
  const problem = resolveProblem(body, 'evaluate');
  return evaluateProblem(problem, await problemTravelTable(problem, straightLineProvider)).response;
}

describe('evaluate properties', () => {
  test('the generator makes valid problems', () => {
    fc.assert(
      fc.property(randomProblem, (body) => {
        expect(validateRequest(body, 'evaluate')).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });

  test('random valid problems never make evaluate throw, and keep every job in its given order', async () => {
    await fc.assert(
      fc.asyncProperty(randomProblem, async (body) => {
        const result = await evaluate(body);
        expect(result.routes.map((r) => r.id)).toEqual(body.routes.map((r) => r.id));
        body.routes.forEach((route, i) => {
          const given = route.jobs.map((job) => (typeof job === 'string' ? job : job.id));
          expect(result.routes[i]!.stops!.filter((s) => s.type === 'job').map((s) => s.id)).toEqual(given);
        });
        for (const route of result.routes) {
          expect(Number.isFinite(route.cost)).toBe(true);
          expect(route.internal_cost).toBeGreaterThanOrEqual(route.cost - 1e-9);
        }
      }),
      { numRuns: 300 },
    );
  });

  test('evaluate is invariant under canonicalize', async () => {
    await fc.assert(
      fc.asyncProperty(randomProblem, async (body) => {
        expect(await evaluate(canonicalize(body))).toEqual(await evaluate(body));
      }),
      { numRuns: 200 },
    );
  });
});
