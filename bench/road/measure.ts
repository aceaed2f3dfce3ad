export function timed<T>(run: () => T): { value: T; ms: number } {
  const started = performance.now();
  const value = run();
  return { value, ms: performance.now() - started };
}

/** Wall and CPU milliseconds of this process: on a shared machine the CPU figure is the one to compare. */
export function cpuTimed<T>(run: () => T): { value: T; ms: number; cpuMs: number } {
  const cpu = process.cpuUsage();
  const started = performance.now();
  const value = run();
  const used = process.cpuUsage(cpu);
  return { value, ms: performance.now() - started, cpuMs: (used.user + used.system) / 1000 };
}

export function percentile(sorted: readonly number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))]!;
}
