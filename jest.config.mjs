// `npm test` runs jest over every suite (docs/developing.md, "Tests"). Two projects:
// - unit: `*.unit.test.ts`, pure logic, no Postgres or NATS, in parallel workers;
// - suites: everything else (integration, end-to-end, replicas, fuzz, chaos, browser), against
//   real Postgres and NATS from the global setup, one file at a time (each starts its own
//   service processes, database and streams).
// TypeScript is compiled by @swc/jest to ES modules, as the project runs (jest needs
// node --experimental-vm-modules for that; the npm scripts pass it).

/** @type {import('jest').Config['projects'][number]} */
const shared = {
  rootDir: import.meta.dirname,
  testEnvironment: 'node',
  extensionsToTreatAsEsm: ['.ts'],
  moduleFileExtensions: ['ts', 'js', 'mjs', 'cjs', 'json'],
  transform: {
    '^.+\\.ts$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'es6' }, sourceMaps: 'inline' },
    ],
  },
  resolver: '<rootDir>/test/jest/resolver.cjs',
  setupFilesAfterEnv: ['<rootDir>/test/jest/timeout.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};

const suiteRoots = ['services/*/test', 'sdk/*/test', 'test/e2e', 'test/fuzz', 'test/replicas', 'test/chaos'];

/** @type {import('jest').Config} */
export default {
  projects: [
    {
      ...shared,
      displayName: 'unit',
      testMatch: ['<rootDir>/{services,sdk}/*/test/**/*.unit.test.ts', '<rootDir>/test/repository/**/*.unit.test.ts'],
    },
    {
      ...shared,
      displayName: 'suites',
      testMatch: suiteRoots.map((root) => `<rootDir>/${root}/**/*.test.ts`),
      testPathIgnorePatterns: [...shared.testPathIgnorePatterns, '\\.unit\\.test\\.ts$'],
      runner: '<rootDir>/test/jest/serial-runner.cjs',
      globalSetup: '<rootDir>/test/jest/global-setup.mjs',
      globalTeardown: '<rootDir>/test/jest/global-teardown.mjs',
    },
  ],
  // Unit suites in parallel even on a 2-core machine (jest's default there would be one worker).
  maxWorkers: 2,
  verbose: true,
  collectCoverageFrom: ['services/*/src/**/*.ts', 'sdk/*/src/**/*.ts', '!**/generated/**'],
  coverageProvider: 'v8',
  coverageReporters: ['lcov', 'text-summary'],
  coverageDirectory: 'coverage',
};
