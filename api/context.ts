import type { Client } from '@temporalio/client';
import type { Config } from '../runtime/config.js';
import type { AccountSlots } from '../store/account-slots.js';
import type { Logger } from '../runtime/logger.js';
import type { Pool } from '../store/db.js';
import type { SessionStore } from '../store/sessions.js';
import type { ChangeEvents } from '../store/change-events.js';
import type { TaskStore } from '../store/tasks.js';
import type { Identity, Role, UserStore } from '../store/users.js';

/** What route modules need from the process: configuration, storage and the Temporal client. */
export interface ApiContext {
  config: Config;
  log: Logger;
  pool: Pool;
  users: UserStore;
  sessions: SessionStore;
  tasks: TaskStore;
  events: ChangeEvents;
  sandboxEvents: ChangeEvents;
  temporal: Client;
  /** Per-account request slots shared by every API process. */
  slots: AccountSlots;
}

declare module 'fastify' {
  interface FastifyRequest {
    identity: Identity | undefined;
  }
  interface FastifyContextConfig {
    /** No authentication: login, health, API docs. */
    public?: boolean;
    /** A 404/405 answer: never counts against the concurrency limit. */
    missingResource?: boolean;
    /** The least role that may call the route (api/plugins/roles.ts). */
    role?: Role;
  }
}
