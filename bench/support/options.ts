import { parseArgs } from 'node:util';

export interface BenchOptionRules<N extends string, F extends string> {
  /** Switches without a value, false unless given. */
  flags?: readonly F[];
  /** Options that may be fractional; the others must be integers. */
  fractional?: readonly NoInfer<N>[];
  /** The least value of every number (default 0). */
  min?: number;
}

/**
 * A bench's command line: `--name value` numbers with their defaults, and `--flag` switches. An
 * unknown option or a value that is not a number of at least `min` (an integer unless fractional)
 * is an error, so a mistyped option never runs silently on its default.
 */
export function benchOptions<N extends string, F extends string = never>(
  numbers: Record<N, number>,
  { flags = [], fractional = [], min = 0 }: BenchOptionRules<N, F> = {},
): Record<N, number> & Record<F, boolean> {
  const names = Object.keys(numbers) as N[];
  const { values }: { values: Record<string, unknown> } = parseArgs({
    options: Object.fromEntries([
      ...names.map((name) => [name, { type: 'string' as const }]),
      ...flags.map((flag) => [flag, { type: 'boolean' as const }]),
    ]),
  });
  const parsed: Record<string, number | boolean> = {};
  for (const name of names) {
    const given = values[name];
    const value = typeof given === 'string' ? Number(given) : numbers[name];
    const whole = !fractional.includes(name);
    if (!Number.isFinite(value) || value < min || (whole && !Number.isInteger(value))) {
      throw new Error(`--${name} must be ${whole ? 'an integer' : 'a number'} ≥ ${min}`);
    }
    parsed[name] = value;
  }
  for (const flag of flags) parsed[flag] = values[flag] === true;
  return parsed as Record<N, number> & Record<F, boolean>;
}
