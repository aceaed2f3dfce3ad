import { withLocations } from '../../platform/locate.js';

const pulled = {
  jobs: [
    { id: 'found', address: '1 Rue A' },
    { id: 'lost', address: 'nowhere' },
    { id: 'placed', location: '43.73, 7.42' },
  ],
  depots: [{ id: 'north' }, { id: 'south', location: '43.72, 7.41' }],
  drivers: [
    { id: 'd1', custom: { depot: 'north' } },
    { id: 'd2', custom: { depot: 'north' }, start_location: '43.70, 7.40' },
    { id: 'd3', custom: { depot: 'south' } },
  ],
  settings: { time_limit: '00:00:10' },
};

test('writes found locations in, leaves out the jobs whose address was not found and starts drivers at their located depot', () => {
  const found = { job: new Map([['found', { lat: 43.74, lon: 7.43 }]]), depot: new Map([['north', { lat: 43.75, lon: 7.44 }]]) };
  const located = withLocations(pulled, found, new Set(['lost']));
  expect(located).toEqual({
    jobs: [
      { id: 'found', address: '1 Rue A', location: '43.74,7.43' },
      { id: 'placed', location: '43.73, 7.42' },
    ],
    depots: [{ id: 'north', location: '43.75,7.44' }, pulled.depots[1]],
    drivers: [
      { id: 'd1', custom: { depot: 'north' }, start_location: '43.75,7.44', end_location: '43.75,7.44' },
      pulled.drivers[1],
      pulled.drivers[2],
    ],
    settings: pulled.settings,
  });
});

test('a problem without jobs, depots or drivers gets empty lists', () => {
  expect(withLocations({}, { job: new Map(), depot: new Map() }, new Set())).toEqual({ jobs: [], depots: [], drivers: [] });
});
