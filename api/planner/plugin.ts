import type { FastifyInstance } from 'fastify';
import type { ApiContext } from '../context.js';
import { nightlyActionRoutes } from './nightly-actions.js';
import { nightPlanRoutes } from './night-plan.js';
import { roadMapRoutes } from './road-map.js';
import { staticApp } from './static-app.js';

/** The web planner: its files at `/app`, the views it draws a plan from, and the nightly run actions of its dashboard. */
export function webPlanner(app: FastifyInstance, ctx: ApiContext): void {
  staticApp(app, ctx.config);
  roadMapRoutes(app, ctx);
  nightPlanRoutes(app, ctx);
  nightlyActionRoutes(app, ctx);
}
