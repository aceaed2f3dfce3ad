import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { ApiContext } from './context.js';
import { authentication } from './plugins/auth.js';
import { concurrencyLimit } from './plugins/concurrency.js';
import { errorHandling } from './plugins/errors.js';
import { jsonBodies } from './plugins/json-body.js';
import { healthRoutes } from './routes/health.js';
import { instantiateRoutes } from './routes/instantiate.js';
import { loginRoutes } from './routes/login.js';
import { modelRoutes } from './routes/model-routes.js';
import { operationRoutes } from './routes/operations.js';
import { webPlanner } from './planner/plugin.js';
import { sandboxRoutes } from './routes/sandboxes.js';
import { pathRoutes } from './routes/path.js';
import { pipelineRunRoutes } from './routes/pipeline-runs.js';
import { platformRoutes } from './routes/platform.js';
import { routeCardRoutes } from './routes/route-cards.js';
import { taskRoutes } from './routes/tasks.js';
import { versionRoutes } from './routes/version.js';
import { TaskService } from './tasks/task-service.js';

/**
 * The HTTP API. Hooks run in the pipeline order of design.md §3: authentication, routing (404/405),
 * concurrency, content type and size, JSON parsing, validation, the operation.
 */
export function buildServer(ctx: ApiContext): FastifyInstance {
  const app = Fastify({
    loggerInstance: ctx.log as unknown as FastifyBaseLogger,
    bodyLimit: ctx.config.bodyLimitBytes,
    // Long-polls hold requests for WAYPLAN_WAIT_SECONDS; never cut them short.
    requestTimeout: 0,
    return503OnClosing: true,
  });
  errorHandling(app);
  jsonBodies(app);
  authentication(app, ctx);
  concurrencyLimit(app, ctx.config.concurrencyLimit);
  const tasks = new TaskService(ctx);
  loginRoutes(app, ctx);
  healthRoutes(app, ctx);
  versionRoutes(app);
  taskRoutes(app, ctx, tasks);
  operationRoutes(app, tasks);
  sandboxRoutes(app, ctx);
  pathRoutes(app, ctx);
  routeCardRoutes(app, ctx);
  instantiateRoutes(app);
  modelRoutes(app);
  pipelineRunRoutes(app, ctx);
  platformRoutes(app, ctx, tasks);
  webPlanner(app, ctx);
  return app;
}
