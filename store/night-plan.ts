import type { Pool } from './db.js';
import type { PipelineStep, PlanningNight } from '../model/pipeline.js';

/**
 * The output a step of a planning night stored last (any input digest): what the night's latest
 * run used, whether it computed it or reused it.
 */
export async function latestStepOutput<T>(pool: Pool, night: PlanningNight, step: PipelineStep): Promise<T | undefined> {
  const row = await pool.query(
    `SELECT output FROM pipeline_step_outputs
      WHERE account = $1 AND connection = $2 AND territory = $3 AND plan_date = $4 AND days = $5 AND step = $6
      ORDER BY created_time DESC LIMIT 1`,
    [night.account, night.connection, night.territory, night.planDate, night.days, step],
  );
  return row.rows[0]?.output as T | undefined;
}
