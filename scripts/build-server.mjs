#!/usr/bin/env node
// Bundles the server's TypeScript, with the workspace packages it imports, into one ES module
// (apps/server/dist/main.mjs) with esbuild. `npm start` runs that bundle: loading ~300 modules
// through tsx's loader hooks cost about a third of start-up (docs/PERFORMANCE.md). Packages from
// node_modules stay external and load exactly as they do under tsx. `npm run dev` and the tests
// still run the TypeScript sources directly.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const serverBundle = path.join(root, 'apps/server/dist/main.mjs');

/** Everything the bundle is made from: a change to any of these makes it stale. */
function bundleSources() {
  const packages = fs.readdirSync(path.join(root, 'packages')).flatMap((p) => [`packages/${p}/src`, `packages/${p}/package.json`]);
  return ['apps/server/src', 'apps/server/tsconfig.json', 'tsconfig.base.json', 'scripts/build-server.mjs', ...packages].map((p) => path.join(root, p));
}

const LOADERS = { '.ts': 'ts', '.mts': 'ts', '.cts': 'ts', '.tsx': 'tsx', '.jsx': 'jsx' };

export function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

// The bundle holds absolute source paths (see import.meta.url below): a checkout moved elsewhere rebuilds it.
const banner = `// Packsmith server bundle of ${root}`;

function builtHere(outFile) {
  const fd = fs.openSync(outFile, 'r');
  try {
    const head = Buffer.alloc(Buffer.byteLength(banner) + 1);
    const n = fs.readSync(fd, head, 0, head.length, 0);
    return head.subarray(0, n).toString() === `${banner}\n`;
  } finally {
    fs.closeSync(fd);
  }
}

export function serverBundleStale(outFile = serverBundle) {
  const builtAt = fs.existsSync(outFile) ? fs.statSync(outFile).mtimeMs : 0;
  return builtAt === 0 || !builtHere(outFile) || bundleSources().some((s) => newestMtime(s) > builtAt);
}

/**
 * Builds the bundle into a scratch folder and moves it into place, so a start running at the same
 * time never loads a half-written file.
 */
export async function buildServer(outFile = serverBundle) {
  const esbuild = await import('esbuild');
  const outDir = path.dirname(outFile);
  fs.mkdirSync(outDir, { recursive: true });
  const scratch = fs.mkdtempSync(path.join(outDir, '.build-'));
  const name = path.basename(outFile);
  try {
    await esbuild.build({
      entryPoints: [path.join(root, 'apps/server/src/main.ts')],
      outfile: path.join(scratch, name),
      bundle: true,
      platform: 'node',
      format: 'esm',
      target: 'node20',
      sourcemap: 'linked',
      sourcesContent: false,
      banner: { js: banner },
      logLevel: 'error',
      plugins: [
        {
          name: 'packsmith-server',
          setup(build) {
            // Our workspace packages are compiled in; everything else loads from node_modules at run time.
            build.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@packsmith/') ? undefined : { external: true }));
            // Each module keeps the import.meta.url of its source file, so paths built from it
            // (migrations, the web build, fonts, worker entries) point where they do under tsx.
            build.onLoad({ filter: /\.[cm]?[jt]sx?$/ }, async (args) => {
              const source = await fs.promises.readFile(args.path, 'utf8');
              const contents = source.includes('import.meta.url')
                ? source.replaceAll('import.meta.url', JSON.stringify(pathToFileURL(args.path).href))
                : source;
              return { contents, loader: LOADERS[path.extname(args.path)] ?? 'js', resolveDir: path.dirname(args.path) };
            });
          },
        },
      ],
    });
    fs.renameSync(path.join(scratch, `${name}.map`), `${outFile}.map`);
    fs.renameSync(path.join(scratch, name), outFile);
  } finally {
    fs.rmSync(scratch, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const started = performance.now();
  try {
    await buildServer();
  } catch {
    console.error('The server does not build: see the errors above.');
    process.exit(1);
  }
  console.log(`Server bundle built in ${Math.round(performance.now() - started)} ms: ${path.relative(root, serverBundle)}`);
}
