import fc from 'fast-check';
import { locateJsonError } from '../../api/json-error-position.js';

describe('locateJsonError', () => {
  test.each([
    ['{"a": }', 1, 7],
    ['{"a": 1,}', 1, 9],
    ['[1, 2\n, 3 x]', 2, 5],
    ['', 1, 1],
    ['{"a": "unterminated', 1, 20],
    ['{"a": tru}', 1, 7],
    ['{} {}', 1, 4],
    ['{\n  "routes": [\n    {"id": "r1",}\n  ]\n}', 3, 17],
    ['{"a": "\\x"}', 1, 8],
    ['{a: 1}', 1, 2],
    ['[01]', 1, 3],
  ])('%j fails at line %i, position %i', (text, line, position) => {
    expect(() => JSON.parse(text)).toThrow();
    expect(locateJsonError(text)).toMatchObject({ line, position });
  });

  test('deep nesting does not overflow the stack', () => {
    const text = `${'['.repeat(200000)}${']'.repeat(199999)}`;
    expect(locateJsonError(text).offset).toBe(text.length);
  });

  test('the located offset is where valid JSON stops: the prefix before it is a valid start', () => {
    fc.assert(
      fc.property(fc.json(), fc.integer({ min: 0, max: 1000 }), fc.constantFrom('}', ']', ',', ':', 'x', '"'), (json, at, junk) => {
        const cut = at % (json.length + 1);
        const text = json.slice(0, cut) + junk + json.slice(cut);
        let valid = true;
        try {
          JSON.parse(text);
        } catch {
          valid = false;
        }
        fc.pre(!valid);
        const where = locateJsonError(text);
        expect(where.offset).toBeGreaterThanOrEqual(0);
        expect(where.offset).toBeLessThanOrEqual(text.length);
        expect(where.line).toBe(text.slice(0, where.offset).split('\n').length);
      }),
      { numRuns: 500 },
    );
  });
});
