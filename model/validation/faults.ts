import type { ValidationError } from '../types/meta.js';
import { MAX_VALIDATION_FAULTS, type ValidationCode } from './codes.js';

export interface ValidationFault extends ValidationError {
  property: string;
  code: ValidationCode;
}

/** Collects faults up to the cap; walkers check `full` to stop early on hostile input. */
export class FaultCollector {
  readonly faults: ValidationFault[] = [];

  get full(): boolean {
    return this.faults.length >= MAX_VALIDATION_FAULTS;
  }

  add(
    property: string,
    code: ValidationCode,
    message: string,
    details: { parameters?: Record<string, unknown>; attempted_value?: unknown } = {},
  ): void {
    if (this.full) return;
    const fault: ValidationFault = { property, code, message };
    if (details.parameters !== undefined) fault.parameters = details.parameters;
    const attempted = reportableValue(details.attempted_value);
    if (attempted !== undefined) fault.attempted_value = attempted;
    this.faults.push(fault);
  }
}

// Echo only small scalars: a fault must stay small whatever the client sent.
function reportableValue(value: unknown): unknown {
  if (typeof value === 'string') return value.length <= 200 ? value : `${value.slice(0, 200)}...`;
  if (typeof value === 'number') return Number.isFinite(value) ? value : undefined;
  if (typeof value === 'boolean') return value;
  return undefined;
}

// Schema field names repeat for every entity, so their path segments are worked out once.
const segments = new Map<string, string>();

export function propertyPath(parent: string, key: string): string {
  let segment = segments.get(key);
  if (segment === undefined) {
    segment = /^[A-Za-z_][A-Za-z0-9_]*$/.test(key) ? `.${key}` : `[${JSON.stringify(key)}]`;
    // Client-chosen keys (custom) are not cached, so hostile input cannot grow the map.
    if (segments.size < 1000) segments.set(key, segment);
  }
  return parent + segment;
}

export function indexPath(parent: string, index: number): string {
  return `${parent}[${index}]`;
}
