/**
 * Bounds on the work against a customer's platform database: read from the environment by
 * runtime/config.ts, used by platform/postgres/. Without them a host that drops packets, or that
 * accepts a connection and then says nothing, or that dies in the middle of a statement, or a table
 * locked by someone else, holds a pull or sync for minutes or for ever when nobody cancels it.
 */
export interface PlatformLimits {
  /** Longest a connection attempt (TCP, TLS, authentication) may take (`WAYPLAN_PLATFORM_CONNECT_TIMEOUT`). */
  connectTimeoutMs: number;
  /** Longest one statement may run there, waiting for locks included (`WAYPLAN_PLATFORM_STATEMENT_TIMEOUT`). */
  statementTimeoutMs: number;
  /** Silence on a connection before TCP keepalive probes the host (`WAYPLAN_KEEPALIVE_IDLE`, shared with wayplan's own database). */
  keepAliveIdleMs: number;
}
