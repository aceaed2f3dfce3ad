export interface RunRow {
  solver: string;
  instance: string;
  family: string;
  instanceClass: string;
  cost: number;
  vehicles: number;
  feasible: boolean;
  bestKnown: number | null;
  reference: string;
  gapPercent: number | null;
  timeToBestS: number;
  elapsedS: number;
}

/** Literature class of an instance: C1/R2/RC1 for Solomon, c1/r2 for G&H, X for CVRPLIB. */
export function instanceClass(name: string, family: string): string {
  if (family === 'cvrp') return 'X';
  if (family === 'homberger') return name.replace(/_.*$/, '');
  return name.replace(/\d{2}$/, '');
}

const pad = (value: string, width: number): string => value.padStart(width);
const gap = (value: number | null): string => (value === null ? '—' : `${value >= 0 ? '+' : ''}${value.toFixed(2)}%`);

export function formatRow(row: RunRow): string {
  return [
    row.instance.padEnd(12),
    pad(row.cost.toFixed(2), 10),
    pad(String(row.vehicles), 4),
    pad(row.bestKnown === null ? '—' : row.bestKnown.toFixed(2), 10),
    pad(gap(row.gapPercent), 8),
    pad(row.timeToBestS.toFixed(1) + 's', 7),
    row.feasible ? 'ok' : 'INFEASIBLE',
  ].join('  ');
}

export const ROW_HEADER = [
  'instance'.padEnd(12),
  pad('cost', 10),
  pad('veh', 4),
  pad('best-known', 10),
  pad('gap', 8),
  pad('to-best', 7),
  'check',
].join('  ');

const mean = (values: number[]): number => values.reduce((sum, value) => sum + value, 0) / Math.max(values.length, 1);

/** A gap above this ends short of the reference; below it, a later improvement could not exist to be found. */
export const ABOVE_REFERENCE_PERCENT = 0.05;
/** A run short of the reference whose best came before this share of its time stopped improving early. */
export const STALL_SHARE = 0.3;

/**
 * How the search spent its time where there was still something to find: the runs that end above
 * the reference, their average time to best, and how many of them stalled. A run that reaches the
 * reference early has nothing left to improve, so the average time to best over all runs mostly
 * says how easy the instances were.
 */
export function stallFigures(members: readonly RunRow[]): { above: number; toBestS: number | null; stalled: number } {
  const above = members.filter((row) => row.feasible && row.gapPercent !== null && row.gapPercent > ABOVE_REFERENCE_PERCENT);
  return {
    above: above.length,
    toBestS: above.length ? mean(above.map((row) => row.timeToBestS)) : null,
    stalled: above.filter((row) => row.timeToBestS < STALL_SHARE * row.elapsedS).length,
  };
}

/** Average gap and time to best per class, then per family (which reference each gap uses) with its stall figures. */
export function summarize(rows: RunRow[]): string[] {
  const lines: string[] = [];
  const group = (key: (row: RunRow) => string): Map<string, RunRow[]> => {
    const groups = new Map<string, RunRow[]>();
    for (const row of rows) groups.set(key(row), [...(groups.get(key(row)) ?? []), row]);
    return groups;
  };
  const describe = (label: string, members: RunRow[]): string => {
    // An infeasible or missing solution has no meaningful gap; it is counted separately.
    const gaps = members.flatMap((row) => (row.gapPercent === null || !row.feasible ? [] : [row.gapPercent]));
    const infeasible = members.filter((row) => !row.feasible).length;
    return `${label.padEnd(22)} n=${String(members.length).padStart(2)}  avg gap ${gap(gaps.length ? mean(gaps) : null).padStart(8)}  avg vehicles ${mean(
      members.map((row) => row.vehicles),
    )
      .toFixed(2)
      .padStart(6)}  avg to-best ${mean(members.map((row) => row.timeToBestS))
      .toFixed(1)
      .padStart(5)}s${infeasible ? `  INFEASIBLE ${infeasible}` : ''}`;
  };
  for (const [key, members] of group((row) => `${row.solver} ${row.family} ${row.instanceClass}`)) lines.push(describe(key, members));
  for (const [key, members] of group((row) => `${row.solver} ${row.family}`)) {
    const { above, toBestS, stalled } = stallFigures(members);
    const aboveLine = `above reference ${above}${toBestS === null ? '' : `, avg to-best ${toBestS.toFixed(1)}s`}, stalled ${stalled}`;
    lines.push(`${describe(key, members)}  (vs ${members[0]!.reference} best-known)  ${aboveLine}`);
  }
  return lines;
}

export function toCsv(rows: RunRow[]): string {
  const header = 'solver,instance,family,class,cost,vehicles,feasible,best_known,reference,gap_percent,time_to_best_s,elapsed_s';
  const body = rows.map((row) =>
    [
      row.solver,
      row.instance,
      row.family,
      row.instanceClass,
      row.cost.toFixed(4),
      row.vehicles,
      row.feasible,
      row.bestKnown ?? '',
      row.reference,
      row.gapPercent === null ? '' : row.gapPercent.toFixed(4),
      row.timeToBestS.toFixed(2),
      row.elapsedS.toFixed(2),
    ].join(','),
  );
  return [header, ...body].join('\n') + '\n';
}

/** CVRPLIB solution format; customer numbers are those of the instance file. */
export function formatSolution(routes: readonly (readonly number[])[], cost: number, integral: boolean): string {
  const lines = routes.filter((route) => route.length > 0).map((route, k) => `Route #${k + 1}: ${route.join(' ')}`);
  return `${lines.join('\n')}\nCost ${integral ? Math.round(cost) : cost.toFixed(2)}\n`;
}
