// Tests are compiled by tsc with the rest of the project and run as native ES modules from the
// build folder (WAYPLAN_DIST, default dist/). `*.e2e.test.js` files need the real stack
// (PostgreSQL + Temporal dev server), which the e2e project's global setup starts once per run.
const dist = process.env.WAYPLAN_DIST ?? 'dist';
// Every test file runs in a context whose global object is plain (see test/support/node-environment.ts).
const shared = { testEnvironment: '<rootDir>/test/support/node-environment.js', transform: {}, rootDir: dist };

export default {
  testTimeout: 120000,
  maxWorkers: 2,
  projects: [
    {
      ...shared,
      displayName: 'unit',
      testMatch: ['<rootDir>/test/**/*.test.js'],
      testPathIgnorePatterns: ['\\.e2e\\.test\\.js$'],
      globalSetup: '<rootDir>/test/support/unit-setup.js',
      // fast-check's properties draw the same cases on every run.
      setupFiles: ['<rootDir>/test/support/fixed-seeds.js'],
    },
    {
      ...shared,
      displayName: 'e2e',
      testMatch: ['<rootDir>/test/**/*.e2e.test.js'],
      globalSetup: '<rootDir>/test/support/global-setup.js',
      globalTeardown: '<rootDir>/test/support/global-teardown.js',
    },
  ],
};
