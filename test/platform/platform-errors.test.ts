import { publicPlatformFault } from '../../platform/platform-errors.js';

describe('platform faults as clients see them', () => {
  test('driver messages with hosts, ports, paths and database users are replaced by the kind of fault', () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED 10.1.2.3:5432'), { code: 'ECONNREFUSED' });
    const credentials = Object.assign(new Error('password authentication failed for user "fleet_admin"'), { code: '28P01' });
    const missing = Object.assign(new Error("ENOENT: no such file or directory, open '/srv/fleet/drop/jobs.csv'"), { code: 'ENOENT' });
    const texts = [refused, credentials, missing, new Error('something at /srv/x on db.internal:6543')].map(publicPlatformFault);
    expect(texts).toEqual([
      'the platform database refused the connection',
      'the platform database refused the credentials',
      'a file or folder of the connection is missing',
      'the platform failed unexpectedly',
    ]);
    for (const text of texts) expect(text).not.toMatch(/\d+\.\d+\.\d+\.\d+|:\d{2,5}|\/srv|fleet_admin/);
  });
});
