import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

/**
 * The test run StrykerJS repeats for every mutant (`npm run mutation`, stryker.config.mjs): only the
 * tests of the mutated modules, in one plain project (no `projects`), so each mutant run is short.
 *
 * - No globalSetup: the integration project's globalSetup starts a whole server in the vitest main
 *   process, where Stryker cannot switch mutants on (it activates them in the test workers), so the
 *   HTTP tests cannot kill anything. Repository logic is tested here on an in-memory PGlite
 *   database opened by the test file itself (test/harness.ts `freshDatabase`).
 * - Tests of other modules that merely pass through these (generate.service.test.ts charges credits)
 *   stay out: every mutant they cover is covered by the tests below, and their database setup would
 *   be paid again for each of those mutants.
 * - The alias: Stryker runs in a copy of the repository (.stryker-tmp/sandbox-*) whose node_modules
 *   is a symlink to the real one, and node_modules/@packsmith/contracts is a symlink to the real
 *   packages/contracts. Without the alias the server code would import the unmutated contracts.
 */
export const MUTATION_TESTS = [
  // credits
  'apps/server/src/modules/credits/credit.service.test.ts',
  'apps/server/src/modules/credits/credit.repo.int.test.ts',
  // membership rules
  'packages/contracts/src/membership.test.ts',
  'packages/contracts/src/plans.test.ts',
  'apps/server/src/modules/user/membership.service.test.ts',
  'apps/server/src/modules/user/access.service.test.ts',
  'apps/server/src/modules/user/user.dto.test.ts',
  // project access
  'apps/server/src/modules/project/project.access.test.ts',
  // uploads
  'apps/server/src/modules/files/image-validation.test.ts',
  'apps/server/src/modules/files/upload-token.test.ts',
  'apps/server/src/modules/files/file-access.test.ts',
  'apps/server/src/modules/files/file.service.test.ts',
  // session cache
  'apps/server/src/modules/session/session-cache.test.ts',
  'apps/server/src/modules/session/session.service.test.ts',
];

export default defineConfig({
  resolve: {
    alias: [{ find: /^@packsmith\/contracts$/, replacement: fileURLToPath(new URL('./packages/contracts/src/index.ts', import.meta.url)) }],
  },
  test: {
    name: 'mutation',
    include: MUTATION_TESTS,
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 90_000,
  },
});
