import { routeOnGrid, timeline } from './grid-provider.js';

// One job 30 km (30 minutes) from the depot, an hour on site; leave at 08:00.
const job = { id: 'a', location: '0, 0.3', time_on_site: '01:00' };
const withBreaks = (
  breaks: unknown[],
  route: Record<string, unknown> = {},
  jobs: unknown[] = [job],
  settings: Record<string, unknown> = {},
) => routeOnGrid({ settings, routes: [{ id: 'r', location: '0, 0', start_time: '08:00', breaks, jobs, ...route }] });

describe('breaks', () => {
  test('a fixed break due during a drive is taken at the roadside at its time', async () => {
    const route = await withBreaks([{ id: 'coffee', start: '08:10', length: '00:15' }]);
    expect(timeline(route)).toEqual([
      'depot r:start @08:00:00 to=0m/00:00:00 idle=00:00:00 on=00:00:00',
      'break coffee @08:10:00 to=10000m/00:10:00 idle=00:00:00 on=00:15:00',
      'job a @08:45:00 to=20000m/00:20:00 idle=00:00:00 on=01:00:00',
      'depot r:end @10:15:00 to=30000m/00:30:00 idle=00:00:00 on=00:00:00',
    ]);
    expect(route.working_time).toBe('02:15:00');
    expect(route.driving_time).toBe('01:00:00');
    expect(route.violations).toEqual([]);
  });

  test('a fixed break due inside a job is listed right after the job, without a violation', async () => {
    const route = await withBreaks([{ name: 'lunch', start: '09:00', length: '00:15' }]);
    expect(timeline(route).slice(1)).toEqual([
      'job a @08:30:00 to=30000m/00:30:00 idle=00:00:00 on=01:00:00',
      'break lunch @09:30:00 to=0m/00:00:00 idle=00:00:00 on=00:15:00',
      'depot r:end @10:15:00 to=30000m/00:30:00 idle=00:00:00 on=00:00:00',
    ]);
    expect(route.stops!.every((s) => s.violations.length === 0)).toBe(true);
  });

  test('a break due while waiting for a window is taken during the wait', async () => {
    const waiting = { ...job, time_window: { start: '09:00', end: '10:00' } };
    const route = await withBreaks([{ id: 'b1', start: '08:40', length: '00:15' }], {}, [waiting]);
    expect(timeline(route).slice(1)).toEqual([
      'break b1 @08:30:00 to=30000m/00:30:00 idle=00:10:00 on=00:15:00',
      'job a @08:55:00 to=0m/00:00:00 idle=00:05:00 on=01:00:00',
      'depot r:end @10:30:00 to=30000m/00:30:00 idle=00:00:00 on=00:00:00',
    ]);
  });

  test('a break that does not fit entirely inside the route is not created', async () => {
    const before = await withBreaks([{ id: 'early', start: '07:00', length: '00:30' }]);
    expect(before.stops!.map((s) => s.type)).toEqual(['depot', 'job', 'depot']);
    const pastEnd = await withBreaks([{ id: 'late', start: '09:50', length: '00:30' }], { end_time: '10:00' });
    expect(pastEnd.stops!.map((s) => s.type)).toEqual(['depot', 'job', 'depot']);
    const afterRoute = await withBreaks([{ id: 'evening', start: '18:00', length: '00:30' }]);
    expect(afterRoute.stops!.map((s) => s.type)).toEqual(['depot', 'job', 'depot']);
  });

  test('a flexible break starts as early as its window allows', async () => {
    const route = await withBreaks([{ id: 'flex', earliest_start: '08:05', latest_start: '08:20', length: '00:15' }]);
    expect(timeline(route)[1]).toBe('break flex @08:05:00 to=5000m/00:05:00 idle=00:00:00 on=00:15:00');
    expect(timeline(route)[2]).toBe('job a @08:45:00 to=25000m/00:25:00 idle=00:00:00 on=01:00:00');
  });

  test('a flexible break that can only start after latest_start is break_not_placed', async () => {
    const route = await withBreaks([{ id: 'flex', earliest_start: '08:35', latest_start: '08:40', length: '00:15' }]);
    const breakStop = route.stops![2]!;
    expect(breakStop).toMatchObject({ id: 'flex', type: 'break', arrival_time: '09:30:00' });
    expect(breakStop.violations).toEqual([{ type: 'break_not_placed', data: { lateness: '00:50:00' } }]);
    expect(route.internal_cost - route.cost).toBeCloseTo(100000 + 50, 9);
  });

  test('relative breaks count from the route start', async () => {
    const route = await withBreaks([{ id: 'rel', start: '01:45', length: '00:15' }], { breaks_relative_to_start: true });
    // Back on the road at 09:30; 01:45 after 08:00 is 09:45, a quarter of the way home.
    expect(timeline(route).slice(2)).toEqual([
      'break rel @09:45:00 to=15000m/00:15:00 idle=00:00:00 on=00:15:00',
      'depot r:end @10:15:00 to=15000m/00:15:00 idle=00:00:00 on=00:00:00',
    ]);
  });

  test('legal breaks: a break of legal_break_duration after every legal_break_interval of work; route breaks are ignored', async () => {
    const long = { ...job, time_on_site: '03:00' };
    const route = await withBreaks([{ id: 'ignored', start: '08:10', length: '00:15' }], {}, [long], {
      enable_legal_breaks: true,
      legal_break_duration: '00:30',
      legal_break_interval: '02:00',
    });
    // Due at 10:00, inside the service (08:30-11:30): taken right after it.
    expect(timeline(route).slice(1)).toEqual([
      'job a @08:30:00 to=30000m/00:30:00 idle=00:00:00 on=03:00:00',
      'legal_break legal_break_1 @11:30:00 to=0m/00:00:00 idle=00:00:00 on=00:30:00',
      'depot r:end @12:30:00 to=30000m/00:30:00 idle=00:00:00 on=00:00:00',
    ]);
  });

  test('legal breaks repeat, the interval counting from the end of the previous break', async () => {
    const route = await withBreaks([], { location: '0, 0' }, [{ id: 'far', location: '0, 3' }], {
      enable_legal_breaks: true,
      legal_break_duration: '00:30',
      legal_break_interval: '02:00',
    });
    // 300 km (5 h) each way: breaks at 10:00 and 12:30 on the way out (arrival 14:00), at 15:00 on the way back.
    const breaks = route.stops!.filter((s) => s.type === 'legal_break').map((s) => s.arrival_time);
    expect(breaks.slice(0, 3)).toEqual(['10:00:00', '12:30:00', '15:00:00']);
    expect(route.stops!.find((s) => s.id === 'far')!.arrival_time).toBe('14:00:00');
  });

  test('a route takes at most 1,000 breaks, whatever its settings', async () => {
    const route = await withBreaks([], {}, [job], {
      enable_legal_breaks: true,
      legal_break_duration: '00:00:00',
      legal_break_interval: '00:00:01',
    });
    expect(route.stops!.filter((s) => s.type === 'legal_break')).toHaveLength(1000);
  });
});
