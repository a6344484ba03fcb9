#!/usr/bin/env node
// `npm start`: builds the web app when its sources are newer than the build, then runs the server
// (TypeScript through tsx) serving the app and the API on PORT (3000).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const distIndex = path.join(root, 'apps/web/dist/index.html');
const sources = ['apps/web/src', 'apps/web/index.html', 'apps/web/vite.config.ts', 'packages/contracts/src'].map((p) => path.join(root, p));

function newestMtime(p) {
  if (!fs.existsSync(p)) return 0;
  const st = fs.statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  let newest = st.mtimeMs;
  for (const entry of fs.readdirSync(p)) newest = Math.max(newest, newestMtime(path.join(p, entry)));
  return newest;
}

const builtAt = fs.existsSync(distIndex) ? fs.statSync(distIndex).mtimeMs : 0;
if (builtAt === 0 || sources.some((s) => newestMtime(s) > builtAt)) {
  console.log('Building the web app (first start or sources changed)…');
  const r = spawnSync('npm', ['run', 'build', '-w', '@packsmith/web'], { cwd: root, stdio: 'inherit' });
  if (r.status !== 0) process.exit(r.status ?? 1);
}

const { register } = await import('tsx/esm/api');
register();
await import(path.join(root, 'apps/server/src/main.ts'));
