/** One sample of a family in the Prometheus text format. */
export interface Sample {
  /** Appended to the family name (`_bucket`, `_sum`, `_count`), if any. */
  suffix?: string;
  labels: Record<string, string>;
  value: number;
}

const escapeLabel = (value: string): string => value.replace(/\\/g, '\\\\').replace(/"/g, '\\"').replace(/\n/g, '\\n');

function formatValue(value: number): string {
  if (value === Infinity) return '+Inf';
  if (value === -Infinity) return '-Inf';
  return String(value);
}

/** A family in the Prometheus text exposition format (version 0.0.4). */
export function family(name: string, type: 'counter' | 'gauge' | 'histogram', help: string, samples: readonly Sample[]): string {
  const lines = [`# HELP ${name} ${help.replace(/\\/g, '\\\\').replace(/\n/g, '\\n')}`, `# TYPE ${name} ${type}`];
  for (const sample of samples) {
    const labels = Object.entries(sample.labels).map(([key, value]) => `${key}="${escapeLabel(value)}"`);
    lines.push(`${name}${sample.suffix ?? ''}${labels.length ? `{${labels.join(',')}}` : ''} ${formatValue(sample.value)}`);
  }
  return `${lines.join('\n')}\n`;
}
