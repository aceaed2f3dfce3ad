import { ValidationFailedError } from '../errors.js';

/** Query parameters arrive as strings, or arrays when repeated: one value or a 400 naming the parameter. */
function single(value: unknown, property: string): string | undefined {
  if (value === undefined || typeof value === 'string') return value;
  throw new ValidationFailedError([
    { property, code: 'invalid_type_error', message: `${property} is given once.`, parameters: { expected: ['string'] } },
  ]);
}

function requiredParameter(value: unknown, property: string): string {
  const text = single(value, property);
  if (text === undefined) {
    throw new ValidationFailedError([
      {
        property,
        code: 'required_property_missing_error',
        message: `The query parameter ${property} is required.`,
        parameters: { property_name: property },
      },
    ]);
  }
  return text;
}

export function optionalParameter(value: unknown, property: string, maxLength = 1000): string | undefined {
  const text = single(value, property);
  if (text !== undefined && text.length > maxLength) {
    throw new ValidationFailedError([
      {
        property,
        code: 'value_out_of_range_error',
        message: `${property} has at most ${maxLength} characters.`,
        parameters: { maximum: maxLength },
      },
    ]);
  }
  return text;
}

const maxNameLength = 200;

export function sandboxName(value: unknown): string {
  const name = requiredParameter(value, 'name');
  if (name.trim() === '')
    throw new ValidationFailedError([
      { property: 'name', code: 'empty_string_error', message: 'A sandbox name is not empty.', attempted_value: name },
    ]);
  return optionalParameter(name, 'name', maxNameLength)!;
}

export function revisionNumber(value: string, property: string): number {
  const number = /^\d{1,9}$/.test(value) ? Number(value) : Number.NaN;
  if (Number.isNaN(number)) {
    throw new ValidationFailedError([
      {
        property,
        code: 'value_out_of_range_error',
        message: `${property} is a revision number (an integer of at least 0).`,
        parameters: { minimum: 0 },
        attempted_value: value,
      },
    ]);
  }
  return number;
}

export function oneOf<const T extends readonly string[]>(value: unknown, allowed: T, property: string): T[number] {
  const text = requiredParameter(value, property);
  if (!allowed.includes(text)) {
    throw new ValidationFailedError([
      {
        property,
        code: 'invalid_enum_value_error',
        message: `${property} is one of ${allowed.join(', ')}.`,
        parameters: { allowed: [...allowed] },
        attempted_value: text,
      },
    ]);
  }
  return text as T[number];
}
