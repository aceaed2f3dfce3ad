import { mkdirSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { importOsm, type ImportProgress, type ImportResult, type ImportStage } from '../../geo/road/import.js';
import { mapGraphPath } from '../../geo/road/load.js';
import { osmAttribution } from '../../geo/road/road-graph.js';
import { repoRoot } from '../../runtime/paths.js';

export interface MapImportArgs {
  /** The `.osm.pbf` extract to import. */
  file: string;
  /** Where to write the graph; default `.data/maps/<name>.wpgraph` in the repository. */
  out?: string;
  /** Print the result as JSON (for scripts) instead of text. */
  json?: boolean;
}

export interface CommandOutput {
  stdout: NodeJS.WritableStream & { isTTY?: boolean };
  stderr: NodeJS.WritableStream & { isTTY?: boolean };
}

/** `wayplan map import <file.osm.pbf>`: returns the process exit code. */
export function runMapImportCommand(args: MapImportArgs, output: CommandOutput = process): number {
  const out = resolve(args.out ?? mapGraphPath(args.file, join(repoRoot, '.data', 'maps')));
  const bar = output.stderr.isTTY && !args.json ? progressBar(output.stderr) : undefined;
  let result: ImportResult;
  try {
    mkdirSync(dirname(out), { recursive: true });
    // Without a bar (a script, a benchmark), each stage's figures go to stderr as it ends.
    result = importOsm(
      resolve(args.file),
      out,
      bar ? { onProgress: bar } : { onStage: (stage) => output.stderr.write(`${stageLine(stage)}\n`) },
    );
  } catch (error) {
    if (bar) output.stderr.write('\n');
    output.stderr.write(`map import failed: ${error instanceof Error ? error.message : String(error)}\n`);
    return 1;
  }
  if (bar) output.stderr.write('\n');
  if (args.json) {
    // CPU seconds and peak memory of the whole command: on a busy machine wall time says little.
    const usage = process.resourceUsage();
    const cpuSeconds = (usage.userCPUTime + usage.systemCPUTime) / 1e6;
    output.stdout.write(
      `${JSON.stringify({ ...result, cpuSeconds, peakRssBytes: usage.maxRSS * 1024, out, attribution: osmAttribution })}\n`,
    );
  } else {
    const stages = result.stages.map((stage) => `  ${stageLine(stage)}\n`);
    output.stdout.write(
      `Imported ${args.file} in ${result.seconds.toFixed(1)} s: ${result.segmentCount} road segments, ` +
        `${result.hierarchies} contraction hierarchies in ${result.contractions} contractions, ${(result.fileBytes / 1e6).toFixed(1)} MB → ${out}\n` +
        stages.join('') +
        `Map data ${osmAttribution}\n`,
    );
  }
  return 0;
}

function progressBar(stream: NodeJS.WritableStream): (progress: ImportProgress) => void {
  const width = 30;
  let last = '';
  let widest = 0;
  return ({ phase, fraction, step }) => {
    const filled = Math.round(fraction * width);
    const label = step ? `${phase} ${step}` : phase;
    widest = Math.max(widest, label.length);
    const line = `\r[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${String(Math.round(fraction * 100)).padStart(3)}% ${label.padEnd(widest)}`;
    if (line === last) return;
    last = line;
    stream.write(line);
  };
}

function stageLine({ name, seconds, cpuSeconds, work }: ImportStage): string {
  const figures = work
    ? `; ${(work.hierarchyArcs / work.nodes).toFixed(2)} arcs per node, ${(work.simulations / work.nodes).toFixed(2)} simulations and ` +
      `${(work.witnessSettled / work.nodes).toFixed(0)} witness-settled nodes per node, ${work.borrowedSteps} nodes in the borrowed order`
    : '';
  return `${name}: ${seconds.toFixed(1)} s (${cpuSeconds.toFixed(1)} s of CPU)${figures}`;
}
