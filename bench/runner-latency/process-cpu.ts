import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's CPU times (USER_HZ: 100 on Linux). */
const ticksPerSecond = 100;

interface ProcessStat {
  pid: number;
  ppid: number;
  name: string;
  cpuMs: number;
}

/** Every process's parent, command name and CPU time so far (user + system), from /proc; empty where there is none. */
function processes(): ProcessStat[] {
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((entry) => /^\d+$/.test(entry));
  } catch {
    return [];
  }
  const stats: ProcessStat[] = [];
  for (const pid of pids) {
    let text: string;
    try {
      text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue; // gone meanwhile
    }
    // The name is in parentheses and may hold spaces: the fields after it start at the last ')'.
    const close = text.lastIndexOf(')');
    const fields = text.slice(close + 2).split(' ');
    stats.push({
      pid: Number(pid),
      ppid: Number(fields[1]),
      name: text.slice(text.indexOf('(') + 1, close),
      cpuMs: ((Number(fields[11]) + Number(fields[12])) * 1000) / ticksPerSecond,
    });
  }
  return stats;
}

/**
 * CPU milliseconds used so far by each labelled part of the stack: a labelled root with all its
 * descendants, except other roots and descendants that `classify` gives a label of their own (the
 * servers that `wayplan infra` starts), which count under their own label with their descendants.
 */
export function stackCpu(roots: Record<string, number | undefined>, classify: (name: string) => string | undefined): Map<string, number> {
  const all = processes();
  const children = new Map<number, ProcessStat[]>();
  for (const stat of all) children.set(stat.ppid, [...(children.get(stat.ppid) ?? []), stat]);
  const totals = new Map<string, number>();
  const rootPids = new Set(Object.values(roots));
  const visit = (stat: ProcessStat, label: string): void => {
    const own = classify(stat.name) ?? label;
    totals.set(own, (totals.get(own) ?? 0) + stat.cpuMs);
    for (const child of children.get(stat.pid) ?? []) if (!rootPids.has(child.pid)) visit(child, own);
  };
  for (const [label, pid] of Object.entries(roots)) {
    const root = all.find((stat) => stat.pid === pid);
    if (root) visit(root, label);
  }
  return totals;
}

/** CPU milliseconds per request of each part between two snapshots. */
export function cpuPerRequest(before: Map<string, number>, after: Map<string, number>, requests: number): string {
  return [...after.entries()]
    .map(([label, ms]) => `${label} ${((ms - (before.get(label) ?? 0)) / Math.max(1, requests)).toFixed(1)}`)
    .join(', ');
}
