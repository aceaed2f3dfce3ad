import type { LatLon } from '../../model/latlon.js';
import type { ResolvedProblem, ResolvedRoute } from '../../model/resolve.js';
import { travelOptionsKey, type LegsBetween, type TravelMatrix, type TravelOptions, type TravelProvider } from '../../geo/travel.js';
import { routeSettings } from './route-settings.js';
import { routeTravelOptions } from './travel-class.js';
import { ON_DEMAND_POINTS, TravelTable } from './travel-table.js';

/** Per pair the longest distance and the slowest duration of several tables over the same points. */
function boundOf(tables: readonly TravelTable[]): TravelMatrix {
  const first = tables[0]!.matrix();
  const distances = Float64Array.from(first.distances);
  const durations = Float64Array.from(first.durations);
  for (const table of tables.slice(1)) {
    const other = table.matrix();
    for (let cell = 0; cell < distances.length; cell++) {
      if (other.distances[cell]! > distances[cell]!) distances[cell] = other.distances[cell]!;
      if (other.durations[cell]! > durations[cell]!) durations[cell] = other.durations[cell]!;
    }
  }
  return { size: first.size, distances, durations };
}

/**
 * Makes `target` answer per pair the longest distance and the slowest duration of `tables`: one
 * matrix when they all hold one over fewer than ON_DEMAND_POINTS points, else legs on demand. A
 * bound matrix over 10,000 places would take 1.6 GB beside the classes' own matrices (an HTTP
 * engine's: 0.8 GB each), where reading the longest of their legs costs no memory.
 */
function setBound(target: TravelTable, tables: readonly TravelTable[]): void {
  if (!tables.some((table) => table.onDemand) && tables[0]!.matrix().size < ON_DEMAND_POINTS) {
    target.setMatrix(boundOf(tables), true);
    return;
  }
  const longest = (leg: (table: TravelTable) => number): number => tables.reduce((max, table) => Math.max(max, leg(table)), 0);
  const between = (from: Int32Array, to: Int32Array): LegsBetween => {
    const each = tables.map((table) => table.between(from, to));
    const tableDistances = new Float64Array(to.length);
    const tableDurations = new Float64Array(to.length);
    return (k, distances, durations) => {
      distances.fill(0, 0, to.length);
      durations.fill(0, 0, to.length);
      for (const fill of each) {
        fill(k, tableDistances, tableDurations);
        for (let c = 0; c < to.length; c++) {
          distances[c] = Math.max(distances[c]!, tableDistances[c]!);
          durations[c] = Math.max(durations[c]!, tableDurations[c]!);
        }
      }
    };
  };
  target.setLegs(
    {
      distance: (from, to) => longest((table) => table.distance(from, to)),
      duration: (from, to) => longest((table) => table.duration(from, to)),
      row: (from, to, distances, durations) => between(Int32Array.of(from), to)(0, distances, durations),
      between,
      rankingDistance: (from, to) => longest((table) => table.rankingDistance(from, to)),
      // The longest of legs that each equal their way back equals its way back.
      symmetric: tables.every((table) => table.symmetric),
    },
    true,
  );
}

/**
 * A problem's travel: one table per travel class among its routes (most problems have one), all
 * over the same points. A route travels on its class's table (`forRoute`); the problem-level
 * figures are the only class's, or a bound over all of them when routes travel differently.
 */
export class ProblemTravel extends TravelTable {
  private readonly classOfRoute = new Map<ResolvedRoute, string>();
  private readonly tables = new Map<string, TravelTable>();
  private readonly bounds = new Map<string, TravelTable>();

  constructor(private readonly problem: ResolvedProblem) {
    super();
  }

  /** Computes every travel class of the problem's routes (auto with defaults when it has none). */
  async computeClasses(provider: TravelProvider): Promise<void> {
    const classes = new Map<string, TravelOptions>();
    for (const route of this.problem.routes) {
      const options = routeTravelOptions(this.problem, route);
      const key = travelOptionsKey(options);
      this.classOfRoute.set(route, key);
      classes.set(key, options);
    }
    if (classes.size === 0) classes.set(travelOptionsKey({ vehicleType: 'auto' }), { vehicleType: 'auto' });
    for (const [key, options] of classes) {
      const table = new TravelTable(this.shared);
      await table.compute(provider, options);
      this.tables.set(key, table);
    }
    const tables = [...this.tables.values()];
    if (tables.length > 1) setBound(this, tables);
    else if (tables[0]!.onDemand) this.setLegs(tables[0]!);
    else this.setMatrix(tables[0]!.matrix());
  }

  /** How many distinct travel classes the problem's routes have. */
  get classCount(): number {
    return this.tables.size;
  }

  override forRoute(route: ResolvedRoute): TravelTable {
    const key = this.classKey(route);
    const table = this.tables.get(key);
    if (table === undefined) throw new Error(`route ${route.id} travels as ${key}, a class the problem's travel was not computed for`);
    return table;
  }

  override forRoutes(routes: readonly ResolvedRoute[]): TravelTable {
    const keys = [...new Set(routes.map((route) => this.classKey(route)))].sort();
    if (keys.length === 0) return this;
    if (keys.length === 1) return this.forRoute(routes[0]!);
    const id = keys.join('|');
    let bound = this.bounds.get(id);
    if (bound === undefined) {
      bound = new TravelTable(this.shared);
      setBound(bound, [...new Set(routes.map((route) => this.forRoute(route)))]);
      this.bounds.set(id, bound);
    }
    return bound;
  }

  /** Points some class could not route: the union over the classes, in point order. */
  override fallbackPoints(): LatLon[] {
    const flagged = new Set<LatLon>();
    for (const table of this.tables.values()) for (const point of table.fallbackPoints()) flagged.add(point);
    return this.points.filter((point) => flagged.has(point));
  }

  private classKey(route: ResolvedRoute): string {
    return this.classOfRoute.get(route) ?? travelOptionsKey(routeTravelOptions(this.problem, route));
  }
}

/**
 * Travel between every place of the problem (route starts and ends, job locations and exits), per
 * travel class of its routes.
 */
export async function problemTravelTable(problem: ResolvedProblem, provider: TravelProvider): Promise<TravelTable> {
  const table = new ProblemTravel(problem);
  for (const route of problem.routes) {
    const settings = routeSettings(problem, route);
    if (settings.start) table.add(settings.start.location);
    if (settings.end) table.add(settings.end.location);
  }
  for (const job of problem.jobs) {
    if (job.location) table.add(job.location.location);
    if (job.exit_location) table.add(job.exit_location.location);
  }
  await table.computeClasses(provider);
  return table;
}
