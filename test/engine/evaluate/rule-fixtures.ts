/**
 * Drivers, a cold marker and zones for tests of the job rules: zone z (around 0, 0.01) is d2's,
 * zone all (around 0.5, 0.5) both drivers'.
 */
export const ruleFixtures = {
  drivers: [{ id: 'd1', attributes: ['hazmat'] }, { id: 'd2' }],
  markers: [{ id: 'cold', location: '0, 0', attributes: ['fridge'] }],
  zones: [
    {
      id: 'z',
      drivers: ['d2'],
      boundary: { vertices: ['-0.005, 0.005', '-0.005, 0.015', '0.005, 0.015', '0.005, 0.005', '-0.005, 0.005'] },
    },
    { id: 'all', drivers: ['d1', 'd2'], boundary: { vertices: ['0.4, 0.4', '0.4, 0.6', '0.6, 0.6', '0.6, 0.4', '0.4, 0.4'] } },
  ],
};
