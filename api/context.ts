import type { Client } from '@temporalio/client';
import type { PathProvider } from '../engine/operations/registry.js';
import type { GeoBox, RoadLines } from '../model/map-view.js';
import type { ResolvedProblem, ResolvedRoute } from '../model/resolve.js';
import type { ValidationFault } from '../model/validation/faults.js';
import type { Config } from '../runtime/config.js';
import type { AccountSlots } from '../store/account-slots.js';
import type { Logger } from '../runtime/logger.js';
import type { Pool } from '../store/db.js';
import type { SessionStore } from '../store/sessions.js';
import type { ChangeEvents } from '../store/change-events.js';
import type { TaskStore } from '../store/tasks.js';
import type { Identity, Role, UserStore } from '../store/users.js';

/** The representations of route cards: card data, an HTML document, a PDF. */
export type CardRepresentation = 'application/json' | 'text/html' | 'application/pdf';

/** Route cards, drawn by cards/ on the deployment's travel. */
export interface RouteCardPort {
  /** Whether cards can write dates and numbers for this BCP 47 tag. */
  supportsLocale(locale: string): boolean;
  /** What is wrong with a route cards body, found before any work. */
  faults(body: unknown): ValidationFault[];
  /** The routes a selection names, in the problem's order (every route when none is named), and the names it does not have. */
  select(problem: ResolvedProblem, ids: readonly string[]): { routes: ResolvedRoute[]; unknown: string[] };
  /** The cards of `routes` as the body of `representation`: `{ route_cards }`, an HTML string or a PDF. */
  draw(problem: ResolvedProblem, routes: readonly ResolvedRoute[], locale: string, representation: CardRepresentation): Promise<unknown>;
}

/**
 * What the API routes, draws and maps with, handed in by the process's composition root
 * (cli/api-ports.ts): the API itself imports neither geo/ nor cards/.
 */
export interface ApiPorts {
  /** The deployment's travel provider (loaded on first use). */
  travel(): PathProvider;
  /** The configured map's road lines in a box, with its attribution; undefined when travel uses no road map. */
  roadLines(box: GeoBox, maxPoints: number): (RoadLines & { attribution: string }) | undefined;
  routeCards: RouteCardPort;
}

/** What route modules need from the process: configuration, storage, the Temporal client and the ports. */
export interface ApiContext extends ApiPorts {
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
