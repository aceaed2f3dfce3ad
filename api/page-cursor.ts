import { ValidationFailedError } from './errors.js';

/** Where a newest-first listing (tasks, nightly runs) continues: opaque to clients. */
export interface PagePosition {
  startedTime: Date;
  id: string;
}

export function encodeCursor(startedTime: Date, id: string): string {
  return Buffer.from(JSON.stringify([startedTime.toISOString(), id])).toString('base64url');
}

/** A cursor from a previous page; anything else is a 400 on property `cursor`. */
export function decodeCursor(cursor: string): PagePosition {
  try {
    const [time, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as [string, string];
    const startedTime = new Date(time);
    // Only times a task can have: JavaScript dates reach years PostgreSQL cannot store.
    const year = startedTime.getUTCFullYear();
    if (typeof id !== 'string' || id.length > 200 || id.includes('\0') || Number.isNaN(year) || year < 2000 || year > 9999)
      throw new Error('bad cursor');
    return { startedTime, id };
  } catch {
    throw new ValidationFailedError([
      {
        property: 'cursor',
        code: 'invalid_cursor_error',
        message: 'cursor is not a value returned by a previous page.',
        attempted_value: cursor,
      },
    ]);
  }
}
