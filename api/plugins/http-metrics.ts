import type { FastifyInstance } from 'fastify';
import { Counter, Histogram, register } from 'prom-client';

type Labels = 'method' | 'route' | 'status_code';

const requestsName = 'wayplan_http_requests_total';
const durationName = 'wayplan_http_request_duration_seconds';

/**
 * Counts every answered request by its route pattern (not its URL, so ids do not explode the label
 * set). The metrics are made with the first app, in the process-wide registry: a process may build
 * several apps, and processes that build none (the worker) do not show them.
 */
export function httpMetrics(app: FastifyInstance): void {
  const requests =
    (register.getSingleMetric(requestsName) as Counter<Labels> | undefined) ??
    new Counter({
      name: requestsName,
      help: 'HTTP requests answered, by method, route pattern and status code',
      labelNames: ['method', 'route', 'status_code'],
    });
  const duration =
    (register.getSingleMetric(durationName) as Histogram<Labels> | undefined) ??
    new Histogram({
      name: durationName,
      help: 'Time to answer an HTTP request, by method, route pattern and status code (long-polls included)',
      labelNames: ['method', 'route', 'status_code'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 20],
    });
  app.addHook('onResponse', async (request, reply) => {
    const labels = { method: request.method, route: request.routeOptions.url ?? 'unmatched', status_code: String(reply.statusCode) };
    requests.inc(labels);
    duration.observe(labels, reply.elapsedTime / 1000);
  });
}
