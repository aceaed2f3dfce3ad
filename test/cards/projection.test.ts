import { fitView, mercator, roundScaleLength } from '../../cards/projection.js';
import { haversineMeters } from '../../geo/straight-line.js';

describe('Web Mercator map view', () => {
  test('the projection puts (0, 0) in the middle and north up', () => {
    expect(mercator({ lat: 0, lon: 0 })).toEqual({ x: 0.5, y: 0.5 });
    expect(mercator({ lat: 45, lon: 0 }).y).toBeLessThan(0.5);
    expect(mercator({ lat: 0, lon: 90 }).x).toBeCloseTo(0.75, 12);
  });

  test('a fitted view keeps every point inside the margins and measures ground distance', () => {
    const points = [
      { lat: 43.729, lon: 7.412 },
      { lat: 43.743, lon: 7.43 },
      { lat: 43.735, lon: 7.42 },
    ];
    const view = fitView(points, 500, 300, 20);
    for (const p of points.map(view.project)) {
      expect(p.x).toBeGreaterThanOrEqual(20 - 1e-9);
      expect(p.x).toBeLessThanOrEqual(480 + 1e-9);
      expect(p.y).toBeGreaterThanOrEqual(20 - 1e-9);
      expect(p.y).toBeLessThanOrEqual(280 + 1e-9);
    }
    const [a, b] = [view.project(points[0]!), view.project(points[1]!)];
    const drawn = Math.hypot(b.x - a.x, b.y - a.y) * view.metersPerUnit;
    expect(drawn / haversineMeters(points[0]!, points[1]!)).toBeCloseTo(1, 2);
  });

  test('a single place still gets a sensible scale', () => {
    const view = fitView([{ lat: 43.73, lon: 7.42 }], 500, 300, 20);
    expect(view.project({ lat: 43.73, lon: 7.42 })).toEqual({ x: 250, y: 150 });
    expect(view.metersPerUnit).toBeGreaterThan(1);
  });

  test('a long road geometry (more points than a call takes arguments) fits a view', () => {
    const points = Array.from({ length: 300_000 }, (_, i) => ({ lat: 43.72 + (i % 1000) * 1e-5, lon: 7.41 + Math.floor(i / 1000) * 1e-4 }));
    const view = fitView(points, 500, 300, 20);
    const corner = view.project({ lat: 43.72, lon: 7.41 });
    expect(corner.x).toBeCloseTo(20, 6);
    expect(corner.y).toBeGreaterThanOrEqual(20 - 1e-9);
  });

  test('scale bars have round lengths', () => {
    expect(roundScaleLength(730)).toBe(500);
    expect(roundScaleLength(1999)).toBe(1000);
    expect(roundScaleLength(2.4)).toBe(2);
  });
});
