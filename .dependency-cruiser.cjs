/**
 * The layers of ../shared/ARCHITECTURE.md, checked by a tool (`npm run layers`, run by .ci/run).
 * Read it as the map of what may import what:
 * - packages/* are pure engines and contracts: they import no app and no framework (no HTTP server,
 *   no React, no SQL driver or ORM, no queue, no socket server);
 * - the web app imports the contracts and never the server;
 * - only repositories (*.repo.ts), the db/ folder and the code that runs SQL migrations or admin
 *   tasks import drizzle;
 * - a server module is used by other modules and by the rest of the server through its index.ts;
 * - nothing imports in a circle.
 */
const FRAMEWORKS =
  '^(fastify|@fastify/|react$|react-dom|react-router|drizzle-orm|drizzle-kit|pg$|@electric-sql/pglite|socket\\.io$|socket\\.io-client|@socket\\.io/|ioredis|bullmq|zustand|@tanstack/)';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'A cycle means two modules cannot be understood, tested or loaded apart: cut it with an interface or a third module.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'packages-import-no-app',
      severity: 'error',
      comment: 'Packages are pure and reused by every app: they never reach into apps/.',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'packages-import-no-framework',
      severity: 'error',
      comment: 'Engines and contracts run anywhere (server, worker, browser preview, benchmark): no HTTP, UI, SQL, queue or socket framework.',
      from: { path: '^packages/' },
      to: { path: `node_modules/${FRAMEWORKS.replace('^(', '(')}` },
    },
    {
      name: 'web-never-imports-server',
      severity: 'error',
      comment: 'The browser talks to the server over HTTP and sockets only; shared types come from packages/contracts.',
      from: { path: '^apps/web/' },
      to: { path: '^apps/server/' },
    },
    {
      name: 'web-imports-only-contracts',
      severity: 'error',
      comment:
        "Of the packages, the web app uses the contracts and the browser-safe entry points named here: @packsmith/design-engine/preview3d (the 3D preview fold model), @packsmith/mockup/sampling (the colour tables the live preview shares with the render) @packsmith/nutrition/fields (the nutrition form's fields in label order) and @packsmith/editor (the editor's document model; its import graph is checked by packages/editor/src/entry.test.ts — but never its ./from-design entry).",
      from: { path: '^apps/web/' },
      to: {
        path: '^packages/(?!contracts/)',
        // Named browser-safe entries: the 3D preview's fold model (its import graph is checked by
        // packages/design-engine/src/fold/entry.test.ts: no Node built-in, sharp or resvg).
        // packages/mockup/src/sampling.ts imports nothing at all. packages/nutrition/src/fields.ts imports
        // only the engine's nutrient tables (packages/nutrition/src/purity.test.ts: nothing outside src).
        pathNot: [
          '^packages/design-engine/src/preview3d\\.ts$',
          '^packages/mockup/src/sampling\\.ts$',
          '^packages/nutrition/src/fields\\.ts$',
          '^packages/editor/src/',
        ],
      },
    },
    {
      name: 'drizzle-only-in-repositories',
      severity: 'error',
      comment: 'SQL lives in repositories: services and routes ask a repository, so a query has one home and one test.',
      from: { path: '^apps/server/src/', pathNot: ['\\.repo\\.ts$', '^apps/server/src/db/', '\\.test\\.ts$', '^apps/server/src/cli/'] },
      to: { path: 'node_modules/drizzle-orm' },
    },
    {
      name: 'modules-meet-through-their-index',
      severity: 'error',
      comment:
        "A server module (a folder of apps/server/src/modules/) uses another one only through that module's index.ts, its public face: whatever the index does not export can change without reading outside the module. Tests may reach into any module to build their fixtures.",
      from: { path: '^apps/server/src/modules/([^/]+)/', pathNot: '\\.test\\.ts$' },
      to: { path: '^apps/server/src/modules/[^/]+/', pathNot: ['^apps/server/src/modules/$1/', '^apps/server/src/modules/[^/]+/index\\.ts$'] },
    },
    {
      name: 'the-rest-of-the-server-uses-module-indexes',
      severity: 'error',
      comment:
        "Outside the modules too (the composition root services.ts and repositories.ts, app.ts, the CLI, http/, jobs/…) a module is used through its index.ts. One exception: app.ts mounts each module's *.routes.ts directly, because routes receive the services (app-context.ts imports services.ts, which imports every index), so an index exporting its routes would close a cycle.",
      from: { path: '^apps/server/src/(?!modules/)', pathNot: '\\.test\\.ts$' },
      to: {
        path: '^apps/server/src/modules/[^/]+/',
        pathNot: ['^apps/server/src/modules/[^/]+/index\\.ts$', '^apps/server/src/modules/[^/]+/[^/]+\\.routes\\.ts$'],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)dist/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.base.json' },

    combinedDependencies: true,
    // Resolve package subpath exports (`@packsmith/design-engine/preview3d`) to their files, so the
    // rules above see them; without export conditions such imports stay unresolved and unchecked.
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default'] },
  },
};
