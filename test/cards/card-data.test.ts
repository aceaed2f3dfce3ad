import { CardFormat } from '../../cards/card-format.js';
import { cardsOf } from './card-fixtures.js';
import { threeRoutePlan } from './plan-fixtures.js';

describe('route card data', () => {
  test('header, stops in the evaluated order, addresses, notes and violations of each route', async () => {
    const cards = await cardsOf(threeRoutePlan());
    expect(cards.map((card) => card.id)).toEqual(['north', 'centre', 'south']);
    const [north, centre] = cards;
    expect(north).toMatchObject({
      name: 'Tour north',
      driver: { id: 'driver-1', name: 'Ana Silva' },
      date: '2025-03-10',
      planned_start: '2025-03-10T08:00:00',
    });
    expect(north!.planned_end! > north!.planned_start!).toBe(true);
    expect(north!.stops.map((stop) => stop.type)).toEqual(['depot', 'job', 'job', 'job', 'job', 'depot']);
    expect(north!.stops.filter((s) => s.type === 'job').map((s) => [s.sequence, s.id])).toEqual(
      [1, 2, 3, 4].map((n) => [n, `north-stop-${n}`]),
    );
    expect(north!.stops[1]).toMatchObject({
      address: 'Place du Casino, 98000 Monaco',
      location: '43.73946,7.42797',
      time_window: { start: '08:00:00', end: '12:00:00' },
      notes: { gate_code: '4711', contact: 'Mme Dubois' },
      loads: [{ metric: 'parcels', amount: 1 }],
      description: 'Parcel delivery 1',
    });
    expect(north!.stops[0]).toMatchObject({
      type: 'depot',
      id: 'port-depot',
      address: 'Quai Antoine Ier, 98000 Monaco',
      location: '43.73455,7.42254',
    });
    expect(centre!.stops[2]!.violations.map((v) => v.type)).toContain('job_missed_time_window');
    const arrivals = north!.stops.map((stop) => stop.arrival);
    expect([...arrivals].sort()).toEqual(arrivals);
    expect(north!.map).toEqual({ path: expect.any(Array), road_geometry: false });
    expect(north!.map.path).toHaveLength(north!.stops.length);
  });

  test('formats follow the locale', () => {
    const us = new CardFormat('en-US');
    const fr = new CardFormat('fr-FR');
    expect(us.time('2025-03-10T14:05:00')).toBe('02:05 PM');
    expect(fr.time('2025-03-10T14:05:00')).toBe('14:05');
    expect(fr.time('2025-03-11T07:30:00', '2025-03-10')).toBe('11 mars 07:30');
    expect(us.time('26:15:00')).toBe('02:15 AM +1');
    expect(us.distance(12345)).toBe('12.3 km');
    // Intl separates numbers from units with no-break spaces of several kinds.
    expect(fr.distance(12345).replace(/\s/g, ' ')).toBe('12,3 km');
    expect(us.distance(450)).toBe('450 m');
    expect(us.duration('01:05:30')).toBe('1:06 h');
    expect(us.duration('00:25:00')).toBe('25 min');
    expect(us.cost(1234.5)).toBe('$1,234.50');
  });
});
