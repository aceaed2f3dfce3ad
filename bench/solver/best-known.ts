import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'csv-parse/sync';

export interface BestKnown {
  distance: number;
  vehicles: number;
  /** Which file and objective the reference comes from, since gaps are only comparable per convention. */
  reference: 'distance-only' | 'hierarchical' | 'cvrplib';
}

/** A row of a best-known CSV as read (`instance,vehicles,distance,...`; the re-evaluated table says whether each plan stays feasible). */
interface CsvRow {
  instance: string;
  vehicles: string;
  distance: string;
  feasible_double_precision?: string;
}

interface KnownPlan {
  vehicles: number;
  distance: number;
  /** `yes` or `no` where the table says whether the plan is feasible in double precision. */
  feasible?: string;
}

/** A best-known CSV by lower-cased instance name; empty when the file is absent. */
function readTable(path: string): Map<string, KnownPlan> {
  const table = new Map<string, KnownPlan>();
  if (!existsSync(path)) return table;
  for (const row of parse(readFileSync(path), { columns: true, skip_empty_lines: true }) as CsvRow[]) {
    if (!row.instance || !row.distance) continue;
    table.set(row.instance.toLowerCase(), {
      vehicles: Number(row.vehicles),
      distance: Number(row.distance),
      ...(row.feasible_double_precision !== undefined ? { feasible: row.feasible_double_precision } : {}),
    });
  }
  return table;
}

/**
 * Solomon's distance-only references in double precision: per instance the cheapest plan known to
 * exist, from the published distance-only table (`bks_distance_only.csv`) and CVRPLIB's plans
 * re-evaluated in double precision where those stay feasible (`cvrplib_sol_eval_double.csv`).
 * A published value below CVRPLIB's plan under the DIMACS convention (`bks_distance_only_dimacs.csv`)
 * is left out: truncating every distance and travel time to one decimal keeps a feasible plan
 * feasible and can only lower its cost, so no plan costs less in double precision than the optimum
 * under truncation, which is what CVRPLIB's Solomon plans are reported to be. (RC103's
 * published 1,249.86, which comes without routes, is below its CVRPLIB optimum of 1,258.0 and so
 * belongs to no feasible plan; the reference is then CVRPLIB's plan, 1,261.67.)
 */
function solomonReferences(folder: string): Map<string, BestKnown> {
  const published = readTable(join(folder, 'bks_distance_only.csv'));
  const truncatedOptima = readTable(join(folder, 'bks_distance_only_dimacs.csv'));
  const reevaluated = readTable(join(folder, 'cvrplib_sol_eval_double.csv'));
  const table = new Map<string, BestKnown>();
  for (const instance of new Set([...published.keys(), ...reevaluated.keys()])) {
    const candidates: KnownPlan[] = [];
    const value = published.get(instance);
    const bound = truncatedOptima.get(instance)?.distance ?? 0;
    if (value && value.distance >= bound) candidates.push(value);
    const plan = reevaluated.get(instance);
    if (plan && plan.feasible === 'yes') candidates.push(plan);
    const best = candidates.sort((a, b) => a.distance - b.distance)[0];
    if (best) table.set(instance, { distance: best.distance, vehicles: best.vehicles, reference: 'distance-only' });
  }
  return table;
}

/**
 * Reference per instance folder: Solomon's distance-only references in double precision (see
 * solomonReferences); the Gehring & Homberger table is hierarchical (vehicles first), so
 * distance-only runs may beat it; CVRPLIB X references are plain distance.
 */
export function loadBestKnown(folder: string, family: 'solomon' | 'homberger' | 'cvrp'): Map<string, BestKnown> {
  if (family === 'solomon') return solomonReferences(folder);
  const reference = family === 'homberger' ? 'hierarchical' : 'cvrplib';
  const table = new Map<string, BestKnown>();
  for (const [instance, row] of readTable(join(folder, 'bks.csv'))) {
    table.set(instance, { distance: row.distance, vehicles: row.vehicles, reference });
  }
  return table;
}
