import { createPool, type Pool } from '../../store/db.js';

/** One node of a plan as EXPLAIN (ANALYZE, BUFFERS, FORMAT JSON) prints it: the fields read here. */
export interface PlanNode {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Actual Rows'?: number;
  'Actual Loops'?: number;
  'Rows Removed by Filter'?: number;
  'Rows Removed by Index Recheck'?: number;
  'Shared Hit Blocks'?: number;
  'Shared Read Blocks'?: number;
  Plans?: PlanNode[];
}

/** A statement PostgreSQL executed and the plan it ran, with what each node did. */
export interface ExecutedStatement {
  query: string;
  plan: PlanNode;
}

const autoExplain = {
  session_preload_libraries: 'auto_explain',
  'auto_explain.log_min_duration': 0,
  'auto_explain.log_analyze': 'on',
  'auto_explain.log_buffers': 'on',
  'auto_explain.log_timing': 'off',
  'auto_explain.log_nested_statements': 'on',
  'auto_explain.log_format': 'json',
  'auto_explain.log_level': 'notice',
};

/**
 * A pool of one connection whose every statement (those run by triggers too, foreign-key checks
 * for instance) has its executed plan sent back by PostgreSQL's auto_explain as a notice. The plans
 * say how many rows each scan produced and threw away, which a statement's result never does.
 * Needs a superuser (session_preload_libraries), as the embedded PostgreSQL's is.
 */
export function planReportingPool(databaseUrl: string): { pool: Pool; statements: ExecutedStatement[] } {
  const statements: ExecutedStatement[] = [];
  const url = new URL(databaseUrl);
  // Set at connection start, so the pool's first statement is already explained.
  url.searchParams.set(
    'options',
    Object.entries(autoExplain)
      .map(([name, value]) => `-c ${name}=${value}`)
      .join(' '),
  );
  const pool = createPool(url.toString(), 1);
  pool.on('connect', (client) =>
    client.on('notice', (notice) => {
      const at = notice.message?.indexOf('{') ?? -1;
      if (at < 0) return;
      const report = JSON.parse(notice.message!.slice(at)) as { 'Query Text': string; Plan: PlanNode };
      statements.push({ query: report['Query Text'], plan: report.Plan });
    }),
  );
  return { pool, statements };
}

function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

/**
 * Rows a plan's scans read: those they returned and those their filters threw away, over every
 * loop. A bitmap index scan's rows are row addresses its bitmap heap scan reads, so they count there.
 */
export function rowsRead(plan: PlanNode): number {
  return nodes(plan)
    .filter((node) => node['Node Type'].endsWith('Scan') && node['Node Type'] !== 'Bitmap Index Scan')
    .reduce(
      (sum, node) =>
        sum +
        ((node['Actual Rows'] ?? 0) + (node['Rows Removed by Filter'] ?? 0) + (node['Rows Removed by Index Recheck'] ?? 0)) *
          (node['Actual Loops'] ?? 1),
      0,
    );
}

/** Buffers (8 kB pages) the whole plan touched, cached or read. */
export function pagesTouched(plan: PlanNode): number {
  return (plan['Shared Hit Blocks'] ?? 0) + (plan['Shared Read Blocks'] ?? 0);
}
