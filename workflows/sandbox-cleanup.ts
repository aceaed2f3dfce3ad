import { proxyActivities } from '@temporalio/workflow';
import type { SandboxActivities } from '../activities/sandbox-activities.js';
import { ioHeartbeatTimeout } from './contract.js';

/** Started hourly by a Temporal Schedule: enforces sandbox expiry (inactivity past the sandbox's interval). */
export async function sandboxCleanup(): Promise<number> {
  const { deleteExpiredSandboxes } = proxyActivities<SandboxActivities>({
    startToCloseTimeout: '5m',
    heartbeatTimeout: ioHeartbeatTimeout,
    retry: { initialInterval: '5s', maximumInterval: '1m', maximumAttempts: 10 },
  });
  return deleteExpiredSandboxes();
}
