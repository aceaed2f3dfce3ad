import { plannedProblem } from '../../cards/task-plan.js';

describe('the plan of a finished task', () => {
  test("the request's routes take the result's job order and assignment, inline jobs moving with their object", () => {
    const request = {
      jobs: [{ id: 'top', location: '43.73, 7.42' }],
      routes: [
        {
          id: 'a',
          jobs: [
            { id: 'x', location: '43.74, 7.42' },
            { id: 'y', location: '43.735, 7.425' },
          ],
        },
        { id: 'b', jobs: [] },
      ],
    };
    const result = {
      routes: [
        {
          id: 'a',
          stops: [
            { id: 'a-depot', type: 'depot' },
            { id: 'y', type: 'job', job: 'y' },
            { id: 'top', type: 'job', job: 'top' },
          ],
        },
        { id: 'b', stops: [{ id: 'x', type: 'job', job: 'x' }] },
      ],
      unrouted_jobs: [],
    };
    expect(plannedProblem(request, result)).toEqual({
      jobs: [{ id: 'top', location: '43.73, 7.42' }],
      routes: [
        { id: 'a', jobs: [{ id: 'y', location: '43.735, 7.425' }, 'top'] },
        { id: 'b', jobs: [{ id: 'x', location: '43.74, 7.42' }] },
      ],
    });
  });

  test('a return_request result already is the planned problem', () => {
    const result = { jobs: [], routes: [{ id: 'a', jobs: [], stops: [], response: { id: 'a' } }], unrouted_jobs: [] };
    expect(plannedProblem({ routes: [{ id: 'a' }] }, result)).toBe(result);
  });
});
