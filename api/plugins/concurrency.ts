import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { SlotStoreUnavailableError, type AccountSlots, type Slot, type SlotKind } from '../../store/account-slots.js';
import { ApiError } from '../errors.js';
import { serviceUnavailable } from '../unavailable.js';

export interface ConcurrencyLimits {
  /** Requests of one account being served at once, over all API processes. */
  work: number;
  /** Long-polls of one account waiting at once, over all API processes. */
  wait: number;
}

/** What a request holds; a long-poll gives its work slot back when it starts to wait. */
export interface HeldSlots {
  beginWait(): void;
}

declare module 'fastify' {
  interface FastifyRequest {
    slots: HeldSlots | undefined;
  }
}

function isLongPoll(request: FastifyRequest): boolean {
  const query = request.query as Record<string, unknown> | undefined;
  return query?.wait === '1' || query?.wait === 'true' || query?.after !== undefined;
}

const messages: Record<SlotKind, (account: string, limit: number) => string> = {
  work: (account, limit) => `Account ${account} already has ${limit} requests in progress; wait for some to finish.`,
  wait: (account, limit) => `Account ${account} already has ${limit} requests waiting for results; wait for some to finish.`,
};

/**
 * At most `limits.work` requests of one account in flight over every API process (slots kept in
 * PostgreSQL, store/account-slots.ts); the next one gets 429 at once (no queueing), other accounts
 * are unaffected. The slot is taken once the body has been read, so a client trickling a body holds
 * nothing. A long-poll (`wait=1`, `after=`) holds a work slot only while it works: while it waits
 * it holds one of `limits.wait` waiting places instead, so waiting clients never starve an account.
 */
export function concurrencyLimit(app: FastifyInstance, slots: AccountSlots, limits: ConcurrencyLimits): void {
  app.decorateRequest('slots', undefined);
  app.addHook('preValidation', async (request, reply) => {
    const account = request.identity?.account;
    if (!account || request.is404 || request.routeOptions.config.missingResource) return;
    const held: Slot[] = [];
    let closed = false;
    const release = (slot: Slot): void => {
      const at = held.indexOf(slot);
      if (at < 0) return;
      held.splice(at, 1);
      void slots.release(slot);
    };
    const hold = (slot: Slot): Slot => {
      held.push(slot);
      // The client went away while the slot was being taken: serve nobody (the answer reaches no one).
      if (closed) {
        release(slot);
        throw new ApiError(429, 'too_many_requests_error', 'The client went away before its request could be served.');
      }
      return slot;
    };
    // 'close' fires once whether the response finished or the client went away.
    reply.raw.once('close', () => {
      closed = true;
      [...held].forEach(release);
    });
    if (isLongPoll(request)) hold(await take(slots, 'wait', account, limits.wait, reply));
    const work = hold(await take(slots, 'work', account, limits.work, reply));
    request.slots = { beginWait: () => release(work) };
  });
}

async function take(slots: AccountSlots, kind: SlotKind, account: string, limit: number, reply: FastifyReply): Promise<Slot> {
  let slot: Slot | undefined;
  try {
    slot = await slots.acquire(kind, account, limit);
  } catch (err) {
    if (!(err instanceof SlotStoreUnavailableError)) throw err;
    reply.request.log.warn({ err }, 'concurrency slots unavailable');
    throw serviceUnavailable('The service cannot count requests right now; retry shortly.');
  }
  if (!slot) throw new ApiError(429, 'too_many_requests_error', messages[kind](account, limit));
  return slot;
}
