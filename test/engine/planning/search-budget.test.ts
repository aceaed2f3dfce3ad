import { defaultPlanningSeconds, MAX_DEFAULT_BUILD_SECONDS } from '../../../engine/planning/search-budget.js';

describe('default planning budgets', () => {
  test('build: 5 s plus 30 ms per job up to MAX_DEFAULT_BUILD_SECONDS; optimize half of that', () => {
    expect(defaultPlanningSeconds('build', 0)).toBe(5);
    expect(defaultPlanningSeconds('build', 1000)).toBe(35);
    expect(defaultPlanningSeconds('build', 5000)).toBe(155);
    expect(defaultPlanningSeconds('build', 10000)).toBe(MAX_DEFAULT_BUILD_SECONDS);
    expect(defaultPlanningSeconds('build', 25000)).toBe(MAX_DEFAULT_BUILD_SECONDS);
    expect(defaultPlanningSeconds('optimize', 1000)).toBe(17.5);
    expect(defaultPlanningSeconds('optimize', 10000)).toBe(MAX_DEFAULT_BUILD_SECONDS / 2);
  });
});
