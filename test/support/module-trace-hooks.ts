import { appendFileSync } from 'node:fs';
import type { ResolveHook } from 'node:module';

/**
 * Module hooks for a child process (see module-trace.ts): every module it resolves is appended to
 * the file named by WAYPLAN_MODULE_TRACE, one URL a line.
 */
export const resolve: ResolveHook = async (specifier, context, nextResolve) => {
  const resolved = await nextResolve(specifier, context);
  appendFileSync(process.env.WAYPLAN_MODULE_TRACE!, `${resolved.url}\n`);
  return resolved;
};
