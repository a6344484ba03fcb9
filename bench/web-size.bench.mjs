// JavaScript a visitor downloads for the home route (gzip): the entry chunk, its static imports and
// the home page chunk when it is lazy, with its imports, read from Vite's build manifest.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { root } from './lib.mjs';

const dist = path.join(root, 'apps/web/dist');

function closure(manifest, keys, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    closure(manifest, manifest[key].imports ?? [], seen);
  }
  return seen;
}

export default async function webSizeBench() {
  const build = spawnSync('npm', ['run', 'build', '-w', '@packsmith/web'], { cwd: root, stdio: 'ignore' });
  if (build.status !== 0) throw new Error('web build failed');
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const entries = Object.keys(manifest).filter((k) => manifest[k].isEntry);
  const home = Object.keys(manifest).filter((k) => manifest[k].isDynamicEntry && /pages\/home\//i.test(manifest[k].src ?? k));
  const chunks = closure(manifest, [...entries, ...home]);
  let raw = 0;
  let gz = 0;
  for (const key of chunks) {
    const file = manifest[key].file;
    if (!file.endsWith('.js')) continue;
    const bytes = fs.readFileSync(path.join(dist, file));
    raw += bytes.length;
    gz += zlib.gzipSync(bytes, { level: 9 }).length;
  }
  let allGz = 0;
  for (const f of fs.readdirSync(path.join(dist, 'assets'))) {
    if (f.endsWith('.js')) allGz += zlib.gzipSync(fs.readFileSync(path.join(dist, 'assets', f)), { level: 9 }).length;
  }
  return {
    name: 'home route JavaScript',
    figures: {
      'home route JS, KB gzip': (gz / 1024).toFixed(1),
      'home route JS, KB raw': (raw / 1024).toFixed(1),
      'chunks loaded for home': [...chunks].filter((k) => manifest[k].file.endsWith('.js')).length,
      'whole app JS, KB gzip': (allGz / 1024).toFixed(1),
      'home page chunk': home.length > 0 ? 'lazy chunk' : 'in the entry chunk',
    },
    aim: 'under 200 KB gzip',
    pass: gz < 200 * 1024,
  };
}
