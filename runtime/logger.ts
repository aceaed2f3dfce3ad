import { pino, type Logger } from 'pino';

export type { Logger };

/** JSON lines on standard error, so standard output stays free for what a command prints. */
export function createLogger(level: string, name: string): Logger {
  return pino({ level, name, base: { pid: process.pid } }, pino.destination(2));
}
