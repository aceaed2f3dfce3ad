/** Runs `stop` once on the first SIGINT/SIGTERM; a second signal exits at once. */
export function onShutdownSignal(stop: (signal: NodeJS.Signals) => Promise<void>): void {
  let stopping = false;
  const handler = (signal: NodeJS.Signals): void => {
    if (stopping) {
      process.exit(130);
    }
    stopping = true;
    stop(signal).then(
      () => process.exit(0),
      (err: unknown) => {
        process.stderr.write(`shutdown failed: ${String(err)}\n`);
        process.exit(1);
      },
    );
  };
  process.on('SIGINT', handler);
  process.on('SIGTERM', handler);
}

/** A supervised child exits when its supervisor dies without stopping it (it is re-parented). */
export function exitWithParent(stop: () => Promise<void>): void {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid !== parent) {
      clearInterval(timer);
      void stop().finally(() => process.exit(1));
    }
  }, 1000);
  timer.unref();
}
