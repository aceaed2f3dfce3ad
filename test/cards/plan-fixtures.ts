import { seededRandom } from '../support/problems.js';

// Monaco, on the demo map: the stops of every fixture lie inside it, so roads can be drawn.
const south = 43.729;
const west = 7.412;

function monacoPoint(random: () => number): string {
  return `${(south + random() * 0.014).toFixed(6)}, ${(west + random() * 0.018).toFixed(6)}`;
}

interface FixtureJob {
  id: string;
  location: string;
  time_on_site: string;
  description?: string;
  time_window?: { start: string; end: string };
  custom?: Record<string, string>;
  loads?: { metric: string; amount: number }[];
}

function jobs(routeId: string, count: number, random: () => number): FixtureJob[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `${routeId}-stop-${i + 1}`,
    location: monacoPoint(random),
    time_on_site: '00:04',
    description: `Parcel delivery ${i + 1}`,
    loads: [{ metric: 'parcels', amount: 1 + (i % 3) }],
  }));
}

/**
 * A dated plan of three routes from one depot, as a dispatcher would send it: drivers with
 * names, an address on a marker, notes in `custom`, and one time window that cannot be met.
 */
export function threeRoutePlan(): Record<string, unknown> {
  const random = seededRandom(12);
  const routes = ['north', 'centre', 'south'].map((id, r) => ({
    id,
    name: `Tour ${id}`,
    date: '2025-03-10',
    driver: `driver-${r + 1}`,
    depot: 'port-depot',
    start_time: '08:00',
    jobs: jobs(id, 4 + r, random),
  }));
  const first = routes[0]!.jobs[0]!;
  first.location = 'casino';
  first.custom = { gate_code: '4711', contact: 'Mme Dubois' };
  first.time_window = { start: '08:00', end: '12:00' };
  // Opening long before the route starts: evaluate reports it late.
  routes[1]!.jobs[1]!.time_window = { start: '06:00', end: '06:30' };
  return {
    markers: [
      { id: 'port', location: '43.734550, 7.422540', formatted_address: 'Quai Antoine Ier, 98000 Monaco' },
      { id: 'casino', location: '43.739460, 7.427970', formatted_address: 'Place du Casino, 98000 Monaco' },
    ],
    depots: [{ id: 'port-depot', location: 'port' }],
    drivers: [
      { id: 'driver-1', first_name: 'Ana', last_name: 'Silva' },
      { id: 'driver-2', name: 'Luca Rossi' },
      { id: 'driver-3', name: 'Jean Martin' },
    ],
    routes,
  };
}

/** One undated route of `stops` jobs: long enough that its stop list runs over several pages. */
export function longRoute(stops: number): Record<string, unknown> {
  return { routes: [{ id: 'long', location: '43.734550, 7.422540', start_time: '07:00', jobs: jobs('long', stops, seededRandom(60)) }] };
}
