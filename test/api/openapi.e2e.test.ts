import { openApiPath } from '../../api/openapi/catalog.js';
import type { FastifyInstance } from 'fastify';
import { connectApiContext } from '../../api/main.js';
import { apiPorts } from '../../cli/api-ports.js';
import { buildServer } from '../../api/server.js';
import { loadConfig } from '../../runtime/config.js';
import { createLogger } from '../../runtime/logger.js';
import { request } from '../support/http.js';
import { TestStack } from '../support/stack.js';

// The server built in this process on the suite's PostgreSQL and Temporal, to read its route table.
let app: FastifyInstance;
let appUrl: string;
let closeContext: () => Promise<void>;
let stack: TestStack;

beforeAll(async () => {
  const env = {
    ...process.env,
    DATABASE_URL: process.env.WAYPLAN_TEST_DATABASE_URL,
    TEMPORAL_ADDRESS: process.env.WAYPLAN_TEST_TEMPORAL_ADDRESS,
    PORT: '0',
    LOG_LEVEL: 'error',
  };
  const config = loadConfig(env);
  const { ctx, close } = await connectApiContext(
    config,
    createLogger('error', 'openapi-test'),
    config.databaseUrl!,
    config.temporalAddress!,
    apiPorts(config),
  );
  closeContext = close;
  app = buildServer(ctx);
  appUrl = await app.listen({ host: '127.0.0.1', port: 0 });
  stack = await TestStack.start();
});
afterAll(async () => {
  await app.close();
  await closeContext();
  await stack.stop();
});

const methods = ['get', 'post', 'put', 'patch', 'delete'];

describe('the OpenAPI document', () => {
  test('lists exactly the routes the server has, method for method', async () => {
    const document = (await request(`${appUrl}/v1/openapi.json`)).body as { paths: Record<string, Record<string, unknown>> };
    const documented = Object.entries(document.paths)
      .flatMap(([path, item]) =>
        Object.keys(item)
          .filter((key) => methods.includes(key))
          .map((method) => `${method.toUpperCase()} ${path}`),
      )
      .sort();
    const served = app.routeCatalog.routes.map((route) => `${route.method} ${openApiPath(route.url)}`).sort();
    expect(documented).toEqual(served);
    // Every operation the document names is a route Fastify answers with that method.
    for (const entry of documented) {
      const [method, path] = entry.split(' ') as [string, string];
      // A trailing {path} is a wildcard route (the planner's files).
      const url = path.replace(/\{path\}$/, '*').replace(/\{(\w+)\}/g, ':$1');
      expect(app.hasRoute({ method: method as 'GET', url })).toBe(true);
    }
    // The groups the compatible API has are all there, the sandboxes included.
    for (const path of [
      '/v1/build',
      '/v1/evaluate',
      '/v1/geocode',
      '/v1/tasks/{taskId}',
      '/v1/tasks/{taskId}/cancel',
      '/v1/sandboxes',
      '/v1/sandboxes/{sandboxId}',
      '/v1/sandboxes/{sandboxId}/revisions',
      '/v1/sandboxes/{sandboxId}/acl',
      '/v1/sandboxes/all/acl',
      '/v1/path',
      '/v1/version',
      '/auth/login',
    ]) {
      expect(document.paths).toHaveProperty([path]);
    }
  });

  test('the running service publishes the same document, and every $ref in it resolves', async () => {
    const published = await request(`${stack.baseUrl}/v1/openapi.json`);
    const local = (await request(`${appUrl}/v1/openapi.json`)).body as { paths: object };
    expect(Object.keys(published.body.paths).sort()).toEqual(Object.keys(local.paths).sort());
    const refs = [...published.text.matchAll(/"\$ref":"#\/components\/schemas\/([^"]+)"/g)].map((match) => match[1]!);
    expect(refs.length).toBeGreaterThan(100);
    expect([...new Set(refs)].filter((name) => !(name in published.body.components.schemas))).toEqual([]);
  });

  test('types what the answers hold: task progress is an object, validation_error.property is optional, the task status has id', async () => {
    const { body } = await request(`${stack.baseUrl}/v1/openapi.json`);
    const schemas = body.components.schemas;
    expect(schemas.task_status_response.properties.progress).toEqual({ $ref: '#/components/schemas/task_progress' });
    expect(schemas.task_progress.type).toBe('object');
    expect(schemas.task_status_response.required).toEqual(
      expect.arrayContaining(['id', 'task_id', 'status', 'started_time', 'last_status_time']),
    );
    expect(schemas.validation_error.required).not.toContain('property');
    expect(schemas.validation_error.required).toEqual(expect.arrayContaining(['code', 'message']));
  });
});
