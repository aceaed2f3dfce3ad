import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { BestKnown } from './best-known.js';
import { checkSolution, parseSolution } from './check.js';
import type { BenchInstance } from './instance-files.js';
import { formatSolution } from './report.js';

/**
 * Plans found by a run of this bench (ours or a peer's) that cost less than the published
 * reference, kept as CVRPLIB solution files with a line saying who found them. A published value
 * is only the cheapest plan someone reported; a plan we hold and check is a plan known to exist, so
 * where it is cheaper the gap is measured against it (otherwise every solver's gap on that instance
 * is flattered by the difference). Only distance references qualify: a hierarchical reference
 * (vehicles first) is not beaten by a shorter plan with more routes.
 */
export interface FoundPlan {
  cost: number;
  vehicles: number;
  /** Who found it, as written in the file. */
  foundBy: string;
}

/** A plan's cost must undercut the reference by this much to be kept: two decimals, as references are given. */
const KEEP_MARGIN = 0.005;

const FOUND_BY = /^Found by\s+(.*)$/m;

function planPath(folder: string, instance: BenchInstance): string {
  return join(folder, instance.family, `${instance.name}.sol`);
}

/** The kept plan for `instance`, re-checked against the instance; undefined when there is none or it fails the check. */
export function readFoundPlan(folder: string, instance: BenchInstance): FoundPlan | undefined {
  const path = planPath(folder, instance);
  if (!existsSync(path)) return undefined;
  const text = readFileSync(path, 'utf8');
  const check = checkSolution(instance, parseSolution(text));
  if (!check.feasible) return undefined;
  return { cost: check.cost, vehicles: check.vehicles, foundBy: FOUND_BY.exec(text)?.[1]?.trim() ?? 'unknown' };
}

/** The reference to score against: the kept plan where it is cheaper than a distance reference. */
export function referenceWithFoundPlan(reference: BestKnown | undefined, found: FoundPlan | undefined): BestKnown | undefined {
  if (!found || !reference || reference.reference === 'hierarchical') return reference;
  if (found.cost >= reference.distance - KEEP_MARGIN) return reference;
  return { ...reference, distance: found.cost, vehicles: found.vehicles };
}

/**
 * Keeps `routes` as the plan of `instance` when they pass the check and cost less than `reference`
 * (which already counts any kept plan). Returns whether it was kept.
 */
export function keepFoundPlan(
  folder: string,
  instance: BenchInstance,
  routes: readonly (readonly number[])[],
  reference: BestKnown | undefined,
  foundBy: string,
): boolean {
  if (!reference || reference.reference === 'hierarchical') return false;
  const check = checkSolution(instance, routes);
  if (!check.feasible || check.cost >= reference.distance - KEEP_MARGIN) return false;
  const path = planPath(folder, instance);
  mkdirSync(join(folder, instance.family), { recursive: true });
  writeFileSync(path, `Found by ${foundBy}\n${formatSolution(routes, check.cost, instance.rounding === 'nint')}`);
  return true;
}
