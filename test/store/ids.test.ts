import { randomId } from '../../store/ids.js';

test('random ids are 22 URL-safe characters for 16 bytes, distinct, and never look like a command-line option', () => {
  const ids = Array.from({ length: 20000 }, () => randomId(16));
  expect(new Set(ids).size).toBe(ids.length);
  for (const id of ids) {
    expect(id).toMatch(/^[A-Za-z0-9_][A-Za-z0-9_-]{21}$/);
  }
});
