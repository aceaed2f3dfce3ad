import { bodyShapeFault } from '../../api/body-shape.js';
import { MAX_BODY_DEPTH } from '../../model/limits.js';

function nested(depth: number): unknown {
  let value: unknown = 'bottom';
  for (let level = 0; level < depth; level++) value = level % 2 === 0 ? [value] : { routes: value };
  return value;
}

describe('body shape', () => {
  test('a body nested 100,000 deep is refused where it crosses the limit, without recursion', () => {
    const fault = bodyShapeFault(nested(100_000));
    expect(fault).toMatchObject({ code: 'nesting_too_deep_error', parameters: { maximum: MAX_BODY_DEPTH } });
    expect(fault!.property!.startsWith('request')).toBe(true);
  });

  test('nesting up to the limit passes', () => {
    expect(bodyShapeFault(nested(MAX_BODY_DEPTH))).toBeUndefined();
    expect(bodyShapeFault(nested(MAX_BODY_DEPTH + 1))).toMatchObject({ code: 'nesting_too_deep_error' });
  });

  test('a NUL in a value or a property name is named by its path', () => {
    expect(bodyShapeFault({ routes: [{ id: 'r\u00001' }] })).toMatchObject({
      property: 'request.routes[0].id',
      code: 'invalid_character_error',
    });
    expect(bodyShapeFault({ jobs: [{ id: 'j', custom: { 'a\u0000': 1 } }] })).toMatchObject({
      property: 'request.jobs[0].custom',
      code: 'invalid_character_error',
    });
    expect(bodyShapeFault({ jobs: [{ id: 'j', notes: 'fine \\u0000 as text' }] })).toBeUndefined();
  });
});
