import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../context.js';
import { nightPlanRoutes } from './night-plan.js';
import { roadMapRoutes } from './road-map.js';
import { staticApp } from './static-app.js';

/** The web planner: its files at `/app`, and the read-only views it draws a plan from. */
export function webPlanner(app: FastifyInstance, ctx: ApiContext): void {
  staticApp(app, ctx.config);
  roadMapRoutes(app, ctx);
  nightPlanRoutes(app, ctx);
}
