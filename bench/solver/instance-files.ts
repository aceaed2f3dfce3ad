import { readFileSync } from 'node:fs';
import { basename } from 'node:path';

/**
 * A benchmark instance as read from disk, independent of the engine so that the checker can
 * verify solutions without trusting any engine code.
 */
export interface BenchInstance {
  name: string;
  family: 'solomon' | 'homberger' | 'cvrp';
  x: number[];
  y: number[];
  demand: number[];
  ready: number[];
  due: number[];
  service: number[];
  capacity: number;
  /** Fleet size, or 'unlimited'. */
  vehicles: number | 'unlimited';
  depot: number;
  /** Solomon/G&H: exact Euclidean doubles; CVRPLIB X: TSPLIB nint rounding. */
  rounding: 'double' | 'nint';
}

export function distanceBetween(instance: BenchInstance, a: number, b: number): number {
  const d = Math.hypot(instance.x[a]! - instance.x[b]!, instance.y[a]! - instance.y[b]!);
  return instance.rounding === 'nint' ? Math.floor(d + 0.5) : d;
}

/** Solomon text format (also Gehring & Homberger): VEHICLE block, then one row per node. */
export function readSolomon(path: string): BenchInstance {
  const lines = readFileSync(path, 'utf8').split(/\r?\n/);
  const name = basename(path).replace(/\.txt$/i, '');
  const vehicleHeader = lines.findIndex((line) => /NUMBER\s+CAPACITY/i.test(line));
  const [vehicles, capacity] = lines[vehicleHeader + 1]!.trim().split(/\s+/).map(Number) as [number, number];
  const customerHeader = lines.findIndex((line) => /CUST\s+NO/i.test(line));
  const instance: BenchInstance = {
    name,
    family: /^[cr]{1,2}\d_\d+_\d+$/i.test(name) ? 'homberger' : 'solomon',
    x: [],
    y: [],
    demand: [],
    ready: [],
    due: [],
    service: [],
    capacity,
    vehicles,
    depot: 0,
    rounding: 'double',
  };
  for (const line of lines.slice(customerHeader + 1)) {
    const fields = line.trim().split(/\s+/).map(Number);
    if (fields.length < 7 || fields.some(Number.isNaN)) continue;
    const [, x, y, demand, ready, due, service] = fields as [number, number, number, number, number, number, number];
    instance.x.push(x);
    instance.y.push(y);
    instance.demand.push(demand);
    instance.ready.push(ready);
    instance.due.push(due);
    instance.service.push(service);
  }
  return instance;
}

/** CVRPLIB/TSPLIB `.vrp` with EUC_2D coordinates; node ids 1..DIMENSION become indices 0..DIMENSION-1. */
export function readCvrplib(path: string): BenchInstance {
  const text = readFileSync(path, 'utf8');
  const header = (key: string): string => {
    const match = new RegExp(`^\\s*${key}\\s*:\\s*(.+?)\\s*$`, 'm').exec(text);
    if (!match) throw new Error(`${path}: missing ${key}`);
    return match[1]!;
  };
  const dimension = Number(header('DIMENSION'));
  const section = (name: string, columns: number): number[][] => {
    const lines = text.split(/\r?\n/);
    const start = lines.findIndex((line) => line.trim().startsWith(name));
    return lines
      .slice(start + 1, start + 1 + dimension)
      .map((line) => line.trim().split(/\s+/).map(Number))
      .filter((row) => row.length >= columns && !row.some(Number.isNaN));
  };
  const coords = section('NODE_COORD_SECTION', 3);
  const demands = section('DEMAND_SECTION', 2);
  const lines = text.split(/\r?\n/);
  const depotLine = lines[lines.findIndex((line) => line.trim().startsWith('DEPOT_SECTION')) + 1]!;
  const n = coords.length;
  return {
    name: header('NAME'),
    family: 'cvrp',
    x: coords.map((row) => row[1]!),
    y: coords.map((row) => row[2]!),
    demand: demands.map((row) => row[1]!),
    ready: new Array<number>(n).fill(0),
    due: new Array<number>(n).fill(Infinity),
    service: new Array<number>(n).fill(0),
    capacity: Number(header('CAPACITY')),
    vehicles: 'unlimited',
    depot: Number(depotLine.trim()) - 1,
    rounding: 'nint',
  };
}
