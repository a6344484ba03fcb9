// Mutation testing of the modules where a silent bug costs money or trust (docs/QUALITY.md).
// Run with `npm run mutation` (several minutes; not part of CI). StrykerJS 9.6 is the last line
// that runs on Node 20.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  // Named explicitly so the plugin loads however node_modules is laid out.
  plugins: ['@stryker-mutator/vitest-runner'],
  vitest: {
    // Only the tests of the mutated modules, one project, no globalSetup; see the file for why.
    configFile: 'vitest.mutation.config.mjs',
  },
  mutate: [
    // credits and the ledger
    'apps/server/src/modules/credits/credit.service.ts',
    'apps/server/src/modules/credits/credit.repo.ts',
    // membership rules
    'packages/contracts/src/membership.ts',
    // planFamilyOf and billingPeriodOf only: the rest of plans.ts is price and feature tables.
    'packages/contracts/src/plans.ts:46-55',
    'apps/server/src/modules/user/membership.service.ts',
    'apps/server/src/modules/user/access.service.ts',
    'apps/server/src/modules/user/user.dto.ts',
    // project access
    'apps/server/src/modules/project/project.access.ts',
    // upload validation
    'apps/server/src/modules/files/image-validation.ts',
    'apps/server/src/modules/files/upload-token.ts',
    'apps/server/src/modules/files/file-access.ts',
    // the session cache
    'apps/server/src/modules/session/session-cache.ts',
  ],
  coverageAnalysis: 'perTest',
  concurrency: 2,
  // Generous: a mutant run of the ledger tests opens a PGlite database first (seconds on 2 busy cores),
  // and a mutant that only looks slow must not count as killed. Endless loops end at the hit limit.
  timeoutMS: 20_000,
  reporters: ['clear-text', 'progress', 'html', 'json'],
  clearTextReporter: { allowColor: false, logTests: false },
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  // The sandbox only needs the server, the packages and the root configs.
  ignorePatterns: ['/apps/web', '/e2e', '/bench', '/docs', '/data', '/.data-*', 'dist', 'coverage', 'test-results', '/gallery', '/reports'],
  tempDirName: '.stryker-tmp',
  thresholds: { high: 90, low: 80, break: null },
};
