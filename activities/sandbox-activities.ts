import type { SandboxStore } from '../store/sandboxes.js';

export interface SandboxActivityDeps {
  sandboxes: SandboxStore;
}

export function createSandboxActivities(deps: SandboxActivityDeps) {
  return {
    /** Deletes every sandbox inactive for longer than its expiry interval; returns how many. */
    async deleteExpiredSandboxes(): Promise<number> {
      return deps.sandboxes.deleteExpired();
    },
  };
}

export type SandboxActivities = ReturnType<typeof createSandboxActivities>;
