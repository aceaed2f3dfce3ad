import Fastify, { type FastifyBaseLogger, type FastifyInstance } from 'fastify';
import type { ApiContext } from './context.js';
import { LoginThrottle } from './login-throttle.js';
import { catalogRoutes } from './openapi/catalog.js';
import { authentication, type LoginThrottles } from './plugins/auth.js';
import { concurrencyLimit } from './plugins/concurrency.js';
import { clientError, errorHandling, frameworkError } from './plugins/errors.js';
import { httpMetrics } from './plugins/http-metrics.js';
import { jsonBodies } from './plugins/json-body.js';
import { textParameters } from './plugins/text-parameters.js';
import { roleCheck } from './plugins/roles.js';
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
 * The HTTP API. Hooks run in the pipeline order of the README: authentication, routing (404/405),
 * role (403), content type and size, JSON parsing, concurrency (after the body is read, so a slow
 * upload holds no slot), validation, the operation.
 */
export function buildServer(ctx: ApiContext): FastifyInstance {
  const { headersSeconds, requestSeconds } = ctx.config.requestTimeouts;
  const app = Fastify({
    loggerInstance: ctx.log as unknown as FastifyBaseLogger,
    bodyLimit: ctx.config.bodyLimitBytes,
    // Node's timeouts cover receiving the request only (a slow or stalled client is cut off with
    // 408); answering may take longer, so long-polls are not affected.
    requestTimeout: requestSeconds * 1000,
    http: {
      headersTimeout: Math.min(headersSeconds, requestSeconds) * 1000,
      requestTimeout: requestSeconds * 1000,
      connectionsCheckingInterval: Math.min(1000, headersSeconds * 500),
    },
    clientErrorHandler: clientError,
    frameworkErrors: frameworkError,
    return503OnClosing: true,
  });
  // First: every route registered after this is in the catalog the OpenAPI document is made from.
  catalogRoutes(app);
  errorHandling(app);
  httpMetrics(app);
  jsonBodies(app);
  textParameters(app);
  const { accountFailures, addressFailures, windowSeconds } = ctx.config.loginThrottle;
  const throttles: LoginThrottles = {
    account: new LoginThrottle(accountFailures, windowSeconds * 1000),
    address: new LoginThrottle(addressFailures, windowSeconds * 1000),
  };
  authentication(app, ctx, throttles);
  roleCheck(app);
  concurrencyLimit(app, ctx.slots, { work: ctx.config.concurrencyLimit, wait: ctx.config.waitLimit });
  const tasks = new TaskService(ctx);
  loginRoutes(app, ctx, throttles);
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
