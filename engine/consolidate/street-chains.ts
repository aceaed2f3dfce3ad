/** A job placed on a street; jobs that may not merge still take part, with a key of their own, so that they cut chains. */
export interface StreetJob {
  job: number;
  street: number;
  alongMeters: number;
  key: string;
}

/**
 * Beyond this gap along the street the next job is not "the next door": a vehicle would pass a
 * stretch with nothing to do, which a separate stop serves as well and plans more freely.
 */
export const maxGapMeters = 250;

/**
 * Runs of jobs a vehicle serves one after another along one street, in driving order: same
 * street, no job of another key in between, no gap over `maxGapMeters`. Runs of one job are left out.
 */
export function streetChains(jobs: readonly StreetJob[], gapMeters: number = maxGapMeters): number[][] {
  const byStreet = new Map<number, StreetJob[]>();
  for (const job of jobs) {
    const list = byStreet.get(job.street);
    if (list) list.push(job);
    else byStreet.set(job.street, [job]);
  }
  const chains: number[][] = [];
  for (const list of byStreet.values()) {
    list.sort((a, b) => a.alongMeters - b.alongMeters || a.job - b.job);
    let run: StreetJob[] = [];
    const close = (): void => {
      if (run.length > 1) chains.push(run.map((item) => item.job));
      run = [];
    };
    for (const item of list) {
      const previous = run[run.length - 1];
      if (previous && (previous.key !== item.key || item.alongMeters - previous.alongMeters > gapMeters)) close();
      run.push(item);
    }
    close();
  }
  return chains;
}
