import {
  Channel,
  connectivityState,
  InterceptingCall,
  Metadata,
  status,
  type ChannelCredentials,
  type ChannelOptions,
  type Deadline,
  type InterceptingListener,
  type Interceptor,
} from '@grpc/grpc-js';
import { defaultGrpcRetryOptions, makeGrpcRetryInterceptor, type ConnectionOptions } from '@temporalio/client';

/** Calls once the channel is connected (true), or at `deadline` if it is not by then (false). */
function whenConnected(channel: Channel, deadline: number, done: (connected: boolean) => void): void {
  const check = (): void => {
    // Asking for the state also starts a connection attempt on an idle channel.
    const state = channel.getConnectivityState(true);
    // A closed channel fails the call by itself.
    if (state === connectivityState.READY || state === connectivityState.SHUTDOWN) done(true);
    else if (Date.now() >= deadline) done(false);
    else channel.watchConnectivityState(state, deadline, (timedOut) => (timedOut ? done(false) : check()));
  };
  check();
}

function deadlineMs(deadline: Deadline | undefined): number {
  return deadline instanceof Date ? deadline.getTime() : (deadline ?? Infinity);
}

/** Ends a unary call that never went out as grpc-js ends one without an answer: no message, then the status. */
function endUnanswered(listener: InterceptingListener, code: status, details: string): void {
  listener.onReceiveMessage(null);
  listener.onReceiveStatus({ code, details, metadata: new Metadata() });
}

/**
 * An interceptor that lets each attempt of a call wait at most `timeoutMs` for the channel to be
 * connected, and then fails it with DEADLINE_EXCEEDED, which the Temporal client does not retry.
 * A connected channel sends the call at once and its answer may take as long as the server needs:
 * only reaching the server is bounded, so a busy Temporal is not cut short. Without it a call
 * while Temporal refuses connections fails only when the client's 10 retries have run out (about
 * 20 s), and one while a host accepts the connection and never speaks waits for the connection's
 * HTTP/2 handshake, which grpc-js does not bound.
 */
function reachWithin(channel: () => Channel, timeoutMs: number): Interceptor {
  return (options, nextCall) => {
    const call = nextCall(options);
    // The caller's listener while the attempt waits for the channel; undefined once it went out or ended.
    let waiting: InterceptingListener | undefined;
    return new InterceptingCall(call, {
      start(metadata, listener, next) {
        waiting = listener;
        const callDeadline = deadlineMs(options.deadline);
        const reachBy = Date.now() + timeoutMs;
        // Which bound ends the wait is known now: a timer may fire a millisecond before Date.now() reaches its deadline.
        const details = callDeadline <= reachBy ? 'Deadline exceeded' : `no connection to the Temporal server within ${timeoutMs} ms`;
        whenConnected(channel(), Math.min(reachBy, callDeadline), (connected) => {
          if (waiting === undefined) return;
          waiting = undefined;
          if (connected) {
            next(metadata, listener);
            return;
          }
          // Ends the call that was never started, so that the channel stops counting it.
          call.cancelWithStatus(status.DEADLINE_EXCEEDED, details);
          endUnanswered(listener, status.DEADLINE_EXCEEDED, details);
        });
      },
      cancel(next) {
        const listener = waiting;
        waiting = undefined;
        next();
        // A call canceled before it went out has no one else to say so.
        if (listener) endUnanswered(listener, status.CANCELLED, 'Cancelled on client');
      },
    });
  };
}

/**
 * Connection options under which a call that cannot reach the Temporal server within `timeoutMs`
 * (refused, or a host that accepts the connection and never speaks) fails with DEADLINE_EXCEEDED,
 * and a server that comes back is connected to again within `timeoutMs`: the channel tries again
 * at least every half of it (grpc-js's backoff grows to 120 s otherwise, so after a long outage the
 * first calls would fail for up to two minutes against a server that is up).
 */
export function reachingWithin(timeoutMs: number): Pick<ConnectionOptions, 'channelArgs' | 'interceptors'> {
  let channel: Channel | undefined;
  const backoffMs = Math.max(1, Math.floor(timeoutMs / 2));
  const channelArgs: ChannelOptions = {
    'grpc.initial_reconnect_backoff_ms': Math.min(1000, backoffMs),
    'grpc.max_reconnect_backoff_ms': backoffMs,
    // The Connection builds the channel through this (a grpc-js client option), which lets the
    // interceptor see the channel's state.
    channelFactoryOverride: (target: string, credentials: ChannelCredentials, options: ChannelOptions) =>
      (channel = new Channel(target, credentials, options)),
  };
  return {
    channelArgs,
    // The client's own retries, then the bound on each attempt (interceptors run outermost first).
    // The channel exists once the Connection's constructor has run, before any call.
    interceptors: [makeGrpcRetryInterceptor(defaultGrpcRetryOptions()), reachWithin(() => channel!, timeoutMs)],
  };
}
