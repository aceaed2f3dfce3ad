import { LoginThrottle } from '../../api/login-throttle.js';

describe('login throttle', () => {
  test('after the limit of failures a key waits until the oldest leaves the window', () => {
    let now = 1_000_000;
    const throttle = new LoginThrottle(3, 60_000, () => now);
    for (let i = 0; i < 3; i++) {
      expect(throttle.retryAfterSeconds('acme:ops')).toBeUndefined();
      throttle.failed('acme:ops');
      now += 10_000;
    }
    // Failures at 0 s, 10 s, 20 s; now 30 s: the first leaves the window at 60 s.
    expect(throttle.retryAfterSeconds('acme:ops')).toBe(30);
    expect(throttle.retryAfterSeconds('other:ops')).toBeUndefined();
    now += 30_000;
    expect(throttle.retryAfterSeconds('acme:ops')).toBeUndefined();
  });

  test('a success clears the key', () => {
    const throttle = new LoginThrottle(2, 60_000, () => 0);
    throttle.failed('k');
    throttle.failed('k');
    expect(throttle.retryAfterSeconds('k')).toBe(60);
    throttle.succeeded('k');
    expect(throttle.retryAfterSeconds('k')).toBeUndefined();
  });
});
