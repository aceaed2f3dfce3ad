import type { Context } from '@temporalio/activity';
import type { ActivityInterceptorsFactory } from '@temporalio/worker';

/** How often the worker beats for a running activity; the SDK sends at most one heartbeat a second anyway. */
const beatEveryMs = 1000;

/**
 * Heartbeats, every second from the worker's event loop, for each activity that has a heartbeat
 * timeout, while it runs: the storage steps that do not beat themselves too. Temporal does not see
 * a worker die: an activity in flight on a killed worker is retried elsewhere only once one of its
 * timeouts expires, and with a start-to-close timeout alone a nightly run or a geocode batch whose
 * worker was SIGKILLed during a storage step stood still for up to 10 minutes. With these beats
 * the server notices within the heartbeat timeout (`ioHeartbeatTimeout`). The first beat comes
 * after a second, so quick activities send none. The responses to these beats are also what brings
 * an activity its cancel (`Context.cancellationSignal`).
 */
export const livenessBeats: ActivityInterceptorsFactory = (ctx: Context) => ({
  inbound: {
    async execute(input, next) {
      if (ctx.info.isLocal || !ctx.info.heartbeatTimeoutMs) return next(input);
      // An activity that beats itself may give details (deleteExpiredTasks its count so far): the
      // server keeps those of the last beat, so ours repeat the activity's last ones, not none.
      const send = ctx.heartbeat;
      let details: unknown;
      Object.assign(ctx, {
        heartbeat: (given?: unknown) => {
          details = given;
          send(given);
        },
      });
      const beat = setInterval(() => send(details), beatEveryMs);
      try {
        return await next(input);
      } finally {
        clearInterval(beat);
      }
    },
  },
});
