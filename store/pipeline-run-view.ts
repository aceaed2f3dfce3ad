import { pipelineSteps } from '../model/pipeline.js';
import type { PipelineRun, PipelineRunTerritory } from './pipeline-runs.js';

/** A territory of a run as the CLI (`--json`) and the API show it: snake_case, every list present. */
export function territoryView(territory: PipelineRunTerritory): Record<string, unknown> {
  return {
    territory: territory.territory,
    status: territory.status,
    ...(territory.step !== undefined ? { step: territory.step } : {}),
    jobs: territory.jobs ?? null,
    routed: territory.routed ?? null,
    unrouted: territory.unrouted,
    routes: territory.routes ?? null,
    cost: territory.cost ?? null,
    distance_meters: territory.distanceMeters ?? null,
    failed_addresses: territory.failedAddresses,
    row_faults: territory.rowFaults,
    // jsonb keeps keys in its own order: show the steps in the order they run.
    steps: Object.fromEntries(pipelineSteps.flatMap((step) => (territory.steps[step] ? [[step, territory.steps[step]]] : []))),
    synced_to: territory.sync?.destination ?? null,
    sync: territory.sync ?? null,
    ...(territory.error !== undefined ? { error: territory.error } : {}),
    started_time: territory.startedTime.toISOString(),
    finished_time: territory.finishedTime?.toISOString() ?? null,
  };
}

export function runView(run: PipelineRun & { territories?: PipelineRunTerritory[] }): Record<string, unknown> {
  return {
    run_id: run.id,
    account: run.account,
    connection: run.connection,
    status: run.status,
    trigger: run.trigger,
    plan_date: run.planDate,
    days: run.days,
    requested_territories: run.requestedTerritories ?? null,
    workflow_id: run.workflowId,
    ...(run.error !== undefined ? { error: run.error } : {}),
    started_time: run.startedTime.toISOString(),
    finished_time: run.finishedTime?.toISOString() ?? null,
    ...(run.territories ? { territories: run.territories.map(territoryView) } : {}),
  };
}
