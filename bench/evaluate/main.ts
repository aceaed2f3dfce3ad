import { resolveProblem, type ResolvedProblem } from '../../model/resolve.js';
import { straightLineProvider } from '../../geo/straight-line.js';
import { evaluateProblem } from '../../engine/evaluate/evaluate-problem.js';
import { problemTravelTable } from '../../engine/evaluate/problem-travel.js';
import type { TravelTable } from '../../engine/evaluate/travel-table.js';
import { RouteObjective } from '../../engine/planning/route-objective.js';
import { seededRandom } from '../../engine/planning/search-budget.js';

const jobCount = 1000;
const routeCount = 50;
const secondsPerMeasurement = 3;

const hhmm = (minutes: number): string => `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** 1,000 jobs around Seattle on 50 routes of 20, with windows, loads, a lunch break and limits. */
function benchProblem(): unknown {
  const random = seededRandom(2024);
  const jobs = Array.from({ length: jobCount }, (_, i) => {
    const open = 480 + Math.floor(random() * 480);
    return {
      id: `job-${i}`,
      location: `${(47.45 + random() * 0.3).toFixed(5)}, ${(-122.45 + random() * 0.3).toFixed(5)}`,
      time_on_site: hhmm(5 + Math.floor(random() * 20)),
      ...(random() < 0.5 ? { time_window: { start: hhmm(open), end: hhmm(open + 120) } } : {}),
      loads: [{ metric: 'kg', amount: Math.floor(random() * 40) - 5 }],
    };
  });
  const routes = Array.from({ length: routeCount }, (_, r) => ({
    id: `route-${r}`,
    location: '47.6062, -122.3321',
    start_time: '07:00',
    end_time: '19:00',
    max_working_time: '10:00',
    breaks: [{ id: 'lunch', earliest_start: '11:30', latest_start: '13:30', length: '00:30' }],
    load_capacities: [{ metric: 'kg', amount: 500 }],
    jobs: jobs.slice(r * (jobCount / routeCount), (r + 1) * (jobCount / routeCount)).map((job) => job.id),
  }));
  return { jobs, routes };
}

function measure(label: string, routesPerRound: number, round: () => void): void {
  round();
  let rounds = 0;
  const started = performance.now();
  while (performance.now() - started < secondsPerMeasurement * 1000) {
    round();
    rounds++;
  }
  const seconds = (performance.now() - started) / 1000;
  const perSecond = (rounds * routesPerRound) / seconds;
  console.log(
    `${label}: ${Math.round(perSecond).toLocaleString('en-US')} routes/s (${(1e6 / perSecond).toFixed(1)} µs a route of ${jobCount / routeCount} jobs)`,
  );
}

async function main(): Promise<void> {
  const problem: ResolvedProblem = resolveProblem(benchProblem(), 'evaluate');
  const travel: TravelTable = await problemTravelTable(problem, straightLineProvider);
  console.log(`evaluate bench: ${jobCount} jobs on ${routeCount} routes (straight-line travel, windows, loads, a flexible break)`);
  measure('evaluate with responses (evaluateProblem)', routeCount, () => evaluateProblem(problem, travel));
  const objectives = problem.routes.map((route) => new RouteObjective(problem, route, route.jobs, travel));
  const orders = problem.routes.map((route) => Int32Array.from(route.jobs.keys()));
  measure('schedule and price only (RouteObjective.cost)', routeCount, () =>
    objectives.forEach((objective, r) => objective.cost(orders[r]!)),
  );
}

await main();
