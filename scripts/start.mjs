#!/usr/bin/env node
// `npm start`: builds the web app and the server bundle when their sources are newer than the
// builds, then runs the server (apps/server/dist/main.mjs) serving the app and the API on PORT (3000).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { buildServer, newestMtime, serverBundle, serverBundleStale } from './build-server.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distIndex = path.join(root, 'apps/web/dist/index.html');
const sources = ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/contracts/src'].map((p) => path.join(root, p));

const builtAt = fs.existsSync(distIndex) ? fs.statSync(distIndex).mtimeMs : 0;
if (builtAt === 0 || sources.some((s) => newestMtime(s) > builtAt)) {
  console.log('Building the web app (first start or sources changed)…');
  const r = spawnSync('npm', ['run', 'build', '-w', '@packsmith/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

if (serverBundleStale()) {
  console.log('Building the server (first start or sources changed)…');
  try {
    await buildServer();
  } catch {
    console.error('The server does not build: see the errors above.');
    process.exit(1);
  }
}
// Stack traces in the log point at the TypeScript sources, as they did under tsx.
process.setSourceMapsEnabled(true);
await import(pathToFileURL(serverBundle).href);
