/** The parts of the service's JSON the planner reads (names as the API spells them). */

export interface ErrorResponse {
  status_code: number;
  error_code: string;
  message: string;
  errors?: { property?: string; code: string; message: string }[];
}

export interface Violation {
  type: string;
  data?: Record<string, unknown>;
}

export interface StopResponse {
  id: string;
  type: string;
  job?: string;
  arrival_time?: string;
  arrival_datetime?: string;
  idle_time: string;
  time_on_site: string;
  location?: string;
  violations: Violation[];
}

export interface RouteResponse {
  id: string;
  name?: string;
  cost: number;
  internal_cost: number;
  distance_meters: number;
  driving_time: string;
  working_time: string;
  stops?: StopResponse[];
  violations: Violation[];
}

export interface ProblemResponse {
  routes: RouteResponse[];
  unrouted_jobs: { id: string; reasons?: string[] }[];
}

export interface TimeWindow {
  start: string;
  end: string;
}

export interface Job {
  id: string;
  name?: string;
  location?: string;
  address?: string;
  time_window?: TimeWindow;
  time_window2?: TimeWindow;
}

export interface Route {
  id: string;
  name?: string;
  driver?: string | { id: string };
  jobs?: (string | { id: string })[];
}

/** A sandbox's canonical problem: jobs at the top level, routes listing job ids. */
export interface Problem {
  jobs?: Job[];
  routes?: Route[];
  markers?: { id: string; location: string }[];
  depots?: { id: string; location?: string }[];
  [field: string]: unknown;
}

export interface SandboxResponse {
  sandbox_id: string;
  sandbox_name: string;
  owner: string;
  created_time: string;
  updated_time: string;
  latest_revision: number;
  active_revision: number;
  revisions?: { revision: number }[];
}

export interface SandboxEnvelope {
  sandbox: SandboxResponse;
  snapshot: Problem;
  snapshot_revision: number;
}

export interface TaskStatus {
  task_id: string;
  status: string;
  operation: string;
  started_time: string;
  finished_time?: string;
  last_status_time: string;
  progress?: unknown;
}

export interface TerritoryRun {
  territory: string;
  status: string;
  step?: string;
  jobs: number | null;
  routed: number | null;
  routes: number | null;
  cost: number | null;
  distance_meters: number | null;
  unrouted: { id: string; reasons: string[] }[];
  failed_addresses: { kind: string; id: string; query: string; error_code: string; message?: string }[];
  row_faults: { source: string; line: number | string; column?: string; message: string }[];
  steps: Record<string, { status: string; ms?: number; reused?: boolean }>;
  error?: string;
}

export interface PipelineRun {
  run_id: string;
  connection: string;
  status: string;
  trigger: string;
  plan_date: string;
  days: number;
  started_time: string;
  finished_time: string | null;
  error?: string;
  territories?: TerritoryRun[];
}

export interface RecommendOption {
  delta_cost: number;
  delta_internal_cost: number;
  delta_distance_meters: number;
  delta_working_time: string;
  route_index: number;
  job_index: number;
  routes: RouteResponse[];
}

export interface NightlySchedule {
  connection: string;
  at: string | null;
  timezone: string;
  paused: boolean;
  next_run: string | null;
  last_run: string | null;
}
