import type { FastifyInstance } from 'fastify';
import { ApiError } from '../errors.js';

/**
 * At most `limit` requests of one account in flight in this process; the next one gets 429 at
 * once (no queueing), and other accounts are unaffected.
 */
export function concurrencyLimit(app: FastifyInstance, limit: number): void {
  const inFlight = new Map<string, number>();
  app.addHook('onRequest', async (request, reply) => {
    const account = request.identity?.account;
    if (!account || request.is404 || request.routeOptions.config.missingResource) return;
    const current = inFlight.get(account) ?? 0;
    if (current >= limit) {
      throw new ApiError(429, 'too_many_requests_error', `Account ${account} already has ${limit} requests in progress; wait for some to finish.`);
    }
    inFlight.set(account, current + 1);
    // 'close' fires once whether the response finished or the client went away.
    reply.raw.once('close', () => {
      const left = (inFlight.get(account) ?? 1) - 1;
      if (left <= 0) inFlight.delete(account);
      else inFlight.set(account, left);
    });
  });
}
