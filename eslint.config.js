// ESLint: rules a type checker alone cannot enforce. Formatting is Prettier's job (.prettierrc.json),
// layering is dependency-cruiser's (.dependency-cruiser.cjs); nothing here overlaps with either.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      'reports/**',
      '.stryker-tmp/**',
      'gallery/**',
      '**/.data-*/**',
      'apps/server/src/db/migrations/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: { allowDefaultProject: ['vitest.config.ts'] }, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // A promise nobody awaits loses its error: the unhandled rejection, or the half-done work, goes unseen.
      '@typescript-eslint/no-floating-promises': [
        'error',
        // React's act() returns a thenable even for synchronous work; awaiting it there changes nothing.
        {
          allowForKnownSafeCalls: [
            { from: 'package', name: 'act', package: '@testing-library/react' },
            { from: 'package', name: 'act', package: 'react' },
          ],
        },
      ],
      // An async callback where a void one is expected (event handlers, forEach) drops its rejection the same way.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      // A new message kind, job name or plan must be handled everywhere a switch lists them.
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      // Type-only imports vanish from the build, so module cycles and side effects stay where the code says.
      // (`typeof import('x')` stays allowed: it types a module that is loaded lazily on purpose.)
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'separate-type-imports', disallowTypeAnnotations: false }],
      '@typescript-eslint/no-explicit-any': 'error',
      // The router redirects from a loader by throwing its Response.
      '@typescript-eslint/only-throw-error': ['error', { allow: [{ from: 'lib', name: 'Response' }] }],
      // Services and stores are closures returning plain objects, never classes that read `this`, so a
      // method passed by reference (routes: handler: service.list) is safe; the rule would only add noise.
      '@typescript-eslint/unbound-method': 'off',
      // `async` without `await` is kept on purpose where a function implements a Promise-returning
      // interface: a throw inside it becomes a rejection the caller handles, not a synchronous crash.
      '@typescript-eslint/require-await': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // vitest's asymmetric matchers (expect.any, expect.stringMatching) and parsed JSON bodies are typed
    // `any`; in tests that is the point, and the assertion that follows checks the shape.
    files: ['**/*.test.{ts,tsx}', 'apps/server/test/**', 'e2e/**'],
    rules: {
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
    },
  },
  {
    // Plain scripts (bench, build, start) and config files are outside every tsconfig: syntax rules only.
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs', globals: { ...globals.node } },
  },
);
