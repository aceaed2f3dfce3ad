import { basename, dirname } from 'node:path';
import { parseArgs } from 'node:util';

export interface BenchOptionRules<N extends string, F extends string> {
  /** Switches without a value, false unless given. */
  flags?: readonly F[];
  /** Options that may be fractional; the others must be integers. */
  fractional?: readonly NoInfer<N>[];
  /** The least value of every number (default 0). */
  min?: number;
}

/** The options a bench takes, with their defaults, as `--help` and a refused command line print them. */
function usage(numbers: Record<string, number>, flags: readonly string[]): string {
  const bench = basename(dirname(process.argv[1] ?? 'bench'));
  const options = [...Object.entries(numbers).map(([name, value]) => `--${name} <n> (default ${value})`), ...flags.map((f) => `--${f}`)];
  return `usage: bench:${bench} -- ${options.map((o) => `[${o}]`).join(' ')}`;
}

/**
 * A bench's command line: `--name value` numbers with their defaults, and `--flag` switches. An
 * unknown option or a value that is not a number of at least `min` (an integer unless fractional)
 * is an error, so a mistyped option never runs silently on its default; it exits with status 2
 * after one line saying why and the usage, as `--help` prints it.
 */
export function benchOptions<N extends string, F extends string = never>(
  numbers: Record<N, number>,
  { flags = [], fractional = [], min = 0 }: BenchOptionRules<N, F> = {},
): Record<N, number> & Record<F, boolean> {
  const names = Object.keys(numbers) as N[];
  const refuse = (why: string): never => {
    process.stderr.write(`${why}\n${usage(numbers, flags)}\n`);
    process.exit(2);
  };
  let values: Record<string, unknown> = {};
  try {
    ({ values } = parseArgs({
      options: Object.fromEntries([
        ...names.map((name) => [name, { type: 'string' as const }]),
        ...flags.map((flag) => [flag, { type: 'boolean' as const }]),
        ['help', { type: 'boolean' as const }],
      ]),
    }));
  } catch (err) {
    refuse((err as Error).message);
  }
  if (values.help === true) {
    process.stdout.write(`${usage(numbers, flags)}\n`);
    process.exit(0);
  }
  const parsed: Record<string, number | boolean> = {};
  for (const name of names) {
    const given = values[name];
    const value = typeof given === 'string' ? Number(given) : numbers[name];
    const whole = !fractional.includes(name);
    if (!Number.isFinite(value) || value < min || (whole && !Number.isInteger(value))) {
      refuse(`--${name} must be ${whole ? 'an integer' : 'a number'} ≥ ${min}`);
    }
    parsed[name] = value;
  }
  for (const flag of flags) parsed[flag] = values[flag] === true;
  return parsed as Record<N, number> & Record<F, boolean>;
}
