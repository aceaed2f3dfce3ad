import TinyQueue from 'tinyqueue';

/** A job that may go to any of several dates, at a place (plane coordinates) and with a date now. */
export interface MovableJob {
  x: number;
  y: number;
  /** Indices of the dates it may go to. */
  options: readonly number[];
}

/**
 * Gives every movable job one of its dates so that each date keeps exactly as many of them as
 * `quotas` says and the jobs of a date lie close together: a balanced k-means with one centre per
 * date. `start` is an assignment that meets the quotas; the centres begin as the means of the jobs
 * of an angular sweep around their common mean, cut into the quotas in date order, and each round
 * gives every job its date by an optimal transport to the centres (the quotas as capacities), then
 * moves every centre to the mean of its jobs. Returns the dates of the last round, or `start` when
 * the transport fails to meet the quotas.
 */
export function datesByRegion(jobs: readonly MovableJob[], quotas: readonly number[], start: Int32Array, rounds: number): Int32Array {
  const dates = quotas.length;
  if (jobs.length === 0 || dates < 2) return start;
  const centres = sweepCentres(jobs, quotas);
  // Each round's transport starts from the prices the one before ended with: its jobs then start
  // nearly balanced, and few move.
  const prices = new Float64Array(dates);
  let assigned = start;
  for (let round = 0; round < rounds; round++) {
    const next = transport(jobs, quotas, centres, prices);
    if (next === undefined) return assigned;
    const changed = next.some((date, j) => date !== assigned[j]);
    assigned = next;
    if (!changed) break;
    moveCentres(jobs, assigned, centres);
  }
  return assigned;
}

function sweepCentres(jobs: readonly MovableJob[], quotas: readonly number[]): Float64Array {
  const meanX = jobs.reduce((sum, job) => sum + job.x, 0) / jobs.length;
  const meanY = jobs.reduce((sum, job) => sum + job.y, 0) / jobs.length;
  const order = jobs.map((job, j) => ({ j, angle: Math.atan2(job.y - meanY, job.x - meanX) })).sort((a, b) => a.angle - b.angle);
  const swept = new Int32Array(jobs.length);
  let date = 0;
  let left = quotas[0]!;
  for (const { j } of order) {
    while (left === 0 && date < quotas.length - 1) left = quotas[++date]!;
    swept[j] = date;
    left--;
  }
  const centres = new Float64Array(2 * quotas.length);
  quotas.forEach((_, d) => {
    centres[2 * d] = meanX;
    centres[2 * d + 1] = meanY;
  });
  moveCentres(jobs, swept, centres);
  return centres;
}

/** Every centre to the mean of its jobs (a centre without jobs stays). */
function moveCentres(jobs: readonly MovableJob[], assigned: Int32Array, centres: Float64Array): void {
  const sums = new Float64Array(centres.length);
  const counts = new Int32Array(centres.length / 2);
  jobs.forEach((job, j) => {
    const date = assigned[j]!;
    sums[2 * date] = sums[2 * date]! + job.x;
    sums[2 * date + 1] = sums[2 * date + 1]! + job.y;
    counts[date]!++;
  });
  counts.forEach((count, d) => {
    if (count === 0) return;
    centres[2 * d] = sums[2 * d]! / count;
    centres[2 * d + 1] = sums[2 * d + 1]! / count;
  });
}

interface Switch {
  job: number;
  /** What the job's cost grows by when it leaves its date for the other. */
  key: number;
}

/**
 * The assignment of least total squared distance to `centres` (x, y per date) with exactly
 * `quotas` jobs a date: every job starts at its cheapest date at `prices` (its distance less the
 * date's price), then one job at a time moves, along the cheapest chain of moves from a date over
 * its quota to one under it (successive shortest paths over the dates, each step the job of its
 * date that loses least by the move). Any prices give the same total; prices near the answer's
 * leave few jobs to move. `prices` ends as the answer's, for the next call. Undefined when a date
 * over its quota reaches none under it.
 */
export function transport(
  jobs: readonly MovableJob[],
  quotas: readonly number[],
  centres: Float64Array,
  prices: Float64Array = new Float64Array(quotas.length),
): Int32Array | undefined {
  const dates = quotas.length;
  const cost = (j: number, d: number): number => {
    const dx = jobs[j]!.x - centres[2 * d]!;
    const dy = jobs[j]!.y - centres[2 * d + 1]!;
    return dx * dx + dy * dy;
  };
  const assigned = new Int32Array(jobs.length);
  const counts = new Int32Array(dates);
  // switches[from * dates + to]: the jobs on `from` that may take `to`, cheapest move first.
  const switches = Array.from({ length: dates * dates }, () => new TinyQueue<Switch>([], (a, b) => a.key - b.key));
  const place = (j: number, date: number): void => {
    assigned[j] = date;
    counts[date]!++;
    const here = cost(j, date);
    for (const other of jobs[j]!.options) if (other !== date) switches[date * dates + other]!.push({ job: j, key: cost(j, other) - here });
  };
  const cheapest = (from: number, to: number): Switch | undefined => {
    const queue = switches[from * dates + to]!;
    while (queue.length > 0 && assigned[queue.peek()!.job] !== from) queue.pop();
    return queue.peek();
  };
  const priced = (j: number, date: number): number => cost(j, date) - prices[date]!;
  jobs.forEach((job, j) => {
    let best = job.options[0]!;
    for (const date of job.options) if (priced(j, date) < priced(j, best)) best = date;
    place(j, best);
  });
  // With each job at its cheapest date at the prices, no move's cost less the price it gains is
  // negative, so each search is Dijkstra's; the prices then rise by the distances found.
  const distance = new Float64Array(dates);
  const previous = new Int32Array(dates);
  const done = new Uint8Array(dates);
  for (;;) {
    const source = quotas.findIndex((quota, date) => counts[date]! > quota);
    if (source < 0) return assigned;
    distance.fill(Infinity);
    done.fill(0);
    distance[source] = 0;
    let sink = -1;
    for (;;) {
      let at = -1;
      for (let d = 0; d < dates; d++) if (done[d] === 0 && distance[d]! < Infinity && (at < 0 || distance[d]! < distance[at]!)) at = d;
      if (at < 0) break;
      done[at] = 1;
      if (counts[at]! < quotas[at]!) {
        sink = at;
        break;
      }
      for (let to = 0; to < dates; to++) {
        if (done[to] === 1) continue;
        const move = cheapest(at, to);
        if (move === undefined) continue;
        const reach = distance[at]! + move.key + prices[at]! - prices[to]!;
        if (reach < distance[to]!) {
          distance[to] = reach;
          previous[to] = at;
        }
      }
    }
    if (sink < 0) return undefined;
    for (let d = 0; d < dates; d++) prices[d]! += Math.min(distance[d]!, distance[sink]!);
    for (let to = sink; to !== source; to = previous[to]!) {
      const from = previous[to]!;
      const move = cheapest(from, to)!;
      switches[from * dates + to]!.pop();
      counts[from]!--;
      place(move.job, to);
    }
  }
}
