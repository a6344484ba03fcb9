// The 3D preview harness: build it with Vite, make face images, serve both, and drive Chromium
// with software WebGL. Shared by bench/preview3d.bench.mjs and e2e/preview3d.e2e.test.ts.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const here = path.dirname(fileURLToPath(import.meta.url));
export const harnessDist = path.join(here, 'dist');

/** Chromium flags of e2e/browser.ts, software WebGL 2 included (SwiftShader: no GPU here). */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-quic',
  '--use-angle=swiftshader',
  '--enable-unsafe-swiftshader',
];
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Builds the harness page (and the lazy preview chunk) into bench/preview3d/dist; resolves with the build time. */
export async function buildHarness() {
  const { build } = await import('vite');
  const started = performance.now();
  await build({ configFile: path.join(here, 'vite.config.mjs'), logLevel: 'warn' });
  return { ms: performance.now() - started };
}

/** Every source the harness is built from: the harness, the preview component, the fold model and the design engine. */
function newestSource() {
  const root = path.resolve(here, '../..');
  const dirs = [
    path.join(root, 'apps/web/src/features/mockup/preview3d'),
    path.join(root, 'packages/design-engine/src'),
    path.join(root, 'packages/contracts/src'),
  ];
  // The harness's own page files; serve.mjs and the bench are not built into it.
  let newest = Math.max(...['index.html', 'main.tsx', 'harness.css', 'vite.config.mjs'].map((f) => fs.statSync(path.join(here, f)).mtimeMs));
  const walk = (dir) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name === 'dist' || entry.name === 'node_modules' || entry.name === '__golden__') continue;
      const p = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(p);
      else newest = Math.max(newest, fs.statSync(p).mtimeMs);
    }
  };
  for (const d of dirs) walk(d);
  return newest;
}

/** Builds the harness unless its build is newer than every source it comes from (browser checks stay quick). */
export async function ensureHarness() {
  const index = path.join(harnessDist, 'index.html');
  if (fs.existsSync(index) && fs.statSync(index).mtimeMs > newestSource()) return { ms: 0, built: false };
  return { ...(await buildHarness()), built: true };
}

/**
 * Which built chunks hold three.js: the harness entry (and its static imports) must not, the lazy
 * preview chunk must. Read from Vite's manifest and the chunks' text (three's `isWebGLRenderer`
 * survives minification).
 */
export function chunkReport() {
  const manifest = JSON.parse(fs.readFileSync(path.join(harnessDist, '.vite/manifest.json'), 'utf8'));
  const closure = (keys, seen = new Set()) => {
    for (const k of keys) {
      if (seen.has(k) || !manifest[k]) continue;
      seen.add(k);
      closure(manifest[k].imports ?? [], seen);
    }
    return seen;
  };
  const hasThree = (keys) => [...keys].some((k) => fs.readFileSync(path.join(harnessDist, manifest[k].file), 'utf8').includes('isWebGLRenderer'));
  const entry = closure(Object.keys(manifest).filter((k) => manifest[k].isEntry));
  const lazy = Object.keys(manifest).filter((k) => manifest[k].isDynamicEntry && /Preview3D/.test(k));
  const lazyOnly = [...closure(lazy)].filter((k) => !entry.has(k));
  const kb = (keys) => [...keys].reduce((s, k) => s + fs.statSync(path.join(harnessDist, manifest[k].file)).size, 0) / 1024;
  const gzKb = (keys) =>
    [...keys].reduce((s, k) => s + zlib.gzipSync(fs.readFileSync(path.join(harnessDist, manifest[k].file)), { level: 9 }).length, 0) / 1024;
  return {
    entryHasThree: hasThree(entry),
    lazyHasThree: hasThree(lazyOnly),
    lazyChunkKb: kb(lazyOnly),
    lazyChunkGzKb: gzKb(lazyOnly),
    entryKb: kb(entry),
  };
}

function faceSvg(name, width, height, background) {
  const s = Math.min(width, height);
  const stripes = Array.from({ length: 8 }, (_, i) => {
    const hue = (i * 45 + 20) % 360;
    return `<rect x="${(i * width) / 8}" y="${height * 0.72}" width="${width / 8 + 1}" height="${height * 0.1}" fill="hsl(${hue},70%,55%)"/>`;
  }).join('');
  const grid = Array.from({ length: 9 }, (_, i) => {
    const x = ((i + 1) * width) / 10;
    const y = ((i + 1) * height) / 10;
    return `<line x1="${x}" y1="0" x2="${x}" y2="${height}" stroke="#ffffff" stroke-opacity="0.18" stroke-width="${s / 200}"/><line x1="0" y1="${y}" x2="${width}" y2="${y}" stroke="#ffffff" stroke-opacity="0.18" stroke-width="${s / 200}"/>`;
  }).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#ffffff" stop-opacity="0.25"/><stop offset="1" stop-color="#000000" stop-opacity="0.2"/></linearGradient></defs>
  <rect width="100%" height="100%" fill="${background}"/><rect width="100%" height="100%" fill="url(#g)"/>${grid}${stripes}
  <rect x="${s * 0.04}" y="${s * 0.04}" width="${width - s * 0.08}" height="${height - s * 0.08}" fill="none" stroke="#f5d76e" stroke-width="${s * 0.02}"/>
  <path d="M ${width / 2} ${height * 0.12} l ${s * 0.12} ${s * 0.14} h ${-s * 0.07} v ${s * 0.16} h ${-s * 0.1} v ${-s * 0.16} h ${-s * 0.07} z" fill="#ffffff"/>
  <text x="${width / 2}" y="${height * 0.6}" font-family="DejaVu Sans" font-weight="bold" font-size="${s * 0.16}" fill="#ffffff" text-anchor="middle">${name.toUpperCase()}</text>
</svg>`;
}

/**
 * Face images for a box of `size` (mm, the fold model's width × height × depth), the longest side
 * of each `longest` px: front/back width × height, left/right depth × height, top/bottom width × depth.
 */
export async function facePngs(size, longest, background = '#2f6f5e') {
  const dims = {
    front: [size.width, size.height],
    back: [size.width, size.height],
    left: [size.depth, size.height],
    right: [size.depth, size.height],
    top: [size.width, size.depth],
    bottom: [size.width, size.depth],
    wrap: [Math.PI * size.width, size.height],
  };
  const out = new Map();
  for (const [name, [w, h]] of Object.entries(dims)) {
    const k = longest / Math.max(w, h);
    const width = Math.max(8, Math.round(w * k));
    const height = Math.max(8, Math.round(h * k));
    out.set(
      `face-${name}.png`,
      await sharp(Buffer.from(faceSvg(name, width, height, background)))
        .png({ compressionLevel: 3 })
        .toBuffer(),
    );
  }
  return out;
}

const TYPES = { '.html': 'text/html', '.js': 'text/javascript', '.css': 'text/css', '.png': 'image/png', '.json': 'application/json', '.svg': 'image/svg+xml' };

/** Serves the built harness and `files` (name → bytes) under /files/ on a free loopback port. */
export async function serveHarness(files) {
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost');
    if (url.pathname.startsWith('/files/')) {
      const body = files.get(url.pathname.slice('/files/'.length));
      if (!body) return res.writeHead(404).end();
      return res.writeHead(200, { 'content-type': 'image/png', 'content-length': body.length, 'cache-control': 'no-store' }).end(body);
    }
    const rel = url.pathname === '/' ? 'index.html' : url.pathname.slice(1);
    const file = path.join(harnessDist, rel);
    if (!file.startsWith(harnessDist) || !fs.existsSync(file) || fs.statSync(file).isDirectory()) return res.writeHead(404).end();
    res.writeHead(200, { 'content-type': TYPES[path.extname(file)] ?? 'application/octet-stream' });
    fs.createReadStream(file).pipe(res);
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  return { url: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/**
 * In the page: counts frames in which WebGL drew something, from now on. Patches the WebGL 2
 * context's draw calls (the component is untouched) and samples them once per animation frame.
 */
export const FRAME_COUNTER = `(() => {
  const proto = WebGL2RenderingContext.prototype;
  let drew = false;
  for (const name of ['drawElements', 'drawArrays', 'drawElementsInstanced', 'drawArraysInstanced', 'drawRangeElements']) {
    const original = proto[name];
    if (typeof original !== 'function') continue;
    proto[name] = function (...args) { drew = true; return original.apply(this, args); };
  }
  const counter = { frames: 0, times: [] };
  window.__frameCounter = counter;
  const tick = (now) => {
    if (drew) { counter.frames++; counter.times.push(now); drew = false; }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();`;
