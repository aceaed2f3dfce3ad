import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { distanceBetween, readCvrplib, readSolomon, type BenchInstance } from './instance-files.js';

/** Absolute slack on time windows: the routes are re-simulated in doubles, round-off is all we forgive. */
const TIME_TOLERANCE = 1e-6;

export interface CheckReport {
  feasible: boolean;
  errors: string[];
  cost: number;
  vehicles: number;
}

/**
 * Independent feasibility check: re-simulates every route from the raw instance data (nothing
 * from the engine), checking that each customer is served exactly once, capacities, time windows
 * (service may start at the window end at the latest) and the return to the depot.
 * Routes list node indices, which are the customer numbers of the instance files.
 */
export function checkSolution(instance: BenchInstance, routes: readonly (readonly number[])[]): CheckReport {
  const errors: string[] = [];
  const n = instance.x.length;
  const depot = instance.depot;
  const seen = new Array<number>(n).fill(0);
  let cost = 0;
  routes.forEach((route, r) => {
    let load = 0;
    let time = instance.ready[depot]!;
    let previous = depot;
    for (const node of route) {
      if (!Number.isInteger(node) || node < 0 || node >= n || node === depot) {
        errors.push(`route ${r + 1}: invalid customer ${node}`);
        continue;
      }
      seen[node]!++;
      load += instance.demand[node]!;
      const leg = distanceBetween(instance, previous, node);
      cost += leg;
      time = Math.max(time + leg, instance.ready[node]!);
      if (time > instance.due[node]! + TIME_TOLERANCE) {
        errors.push(`route ${r + 1}: customer ${node} served at ${time.toFixed(4)} after due ${instance.due[node]}`);
      }
      time += instance.service[node]!;
      previous = node;
    }
    const back = distanceBetween(instance, previous, depot);
    cost += back;
    if (time + back > instance.due[depot]! + TIME_TOLERANCE) errors.push(`route ${r + 1}: returns after depot closes`);
    if (load > instance.capacity) errors.push(`route ${r + 1}: load ${load} exceeds capacity ${instance.capacity}`);
  });
  for (let node = 0; node < n; node++) {
    if (node !== depot && seen[node] !== 1) errors.push(`customer ${node} served ${seen[node]} times`);
  }
  const vehicles = routes.filter((route) => route.length > 0).length;
  if (instance.vehicles !== 'unlimited' && vehicles > instance.vehicles) {
    errors.push(`${vehicles} routes exceed the fleet of ${instance.vehicles}`);
  }
  return { feasible: errors.length === 0, errors, cost, vehicles };
}

/** CVRPLIB solution text: `Route #k: c1 c2 …` lines; the `Cost` line is ignored (we recompute it). */
export function parseSolution(text: string): number[][] {
  return text
    .split(/\r?\n/)
    .filter((line) => /^Route\s*#\d+\s*:/i.test(line))
    .map((line) =>
      line
        .replace(/^Route\s*#\d+\s*:/i, '')
        .trim()
        .split(/\s+/)
        .filter(Boolean)
        .map(Number),
    );
}

export function readInstance(path: string): BenchInstance {
  return path.toLowerCase().endsWith('.vrp') ? readCvrplib(path) : readSolomon(path);
}

function main(argv: string[]): void {
  const [instancePath, solutionPath] = argv;
  if (!instancePath || !solutionPath) {
    process.stderr.write('usage: check <instance .txt|.vrp> <solution .sol>\n');
    process.exit(2);
  }
  const report = checkSolution(readInstance(instancePath), parseSolution(readFileSync(solutionPath, 'utf8')));
  process.stdout.write(`${report.feasible ? 'FEASIBLE' : 'INFEASIBLE'} cost ${report.cost.toFixed(4)} vehicles ${report.vehicles}\n`);
  for (const error of report.errors) process.stdout.write(`  ${error}\n`);
  process.exit(report.feasible ? 0 : 1);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main(process.argv.slice(2));
