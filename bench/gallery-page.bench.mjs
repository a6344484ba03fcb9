/* global window, document, HTMLImageElement */
// The design-idea gallery page (/design-ideas/{name}) as a visitor gets it:
// - JavaScript: the entry chunk, its static imports, and the category page's lazy chunk with its
//   imports (gzip level 9), read from Vite's build manifest — what a first visit to the page loads;
// - time to first image: a built app served by a real server with the seeded gallery, Chromium
//   (fresh context each run, empty cache): navigation start → the first tile image of the grid
//   loaded and decoded (img.decode()), at 1280 × 800 and at 390 × 844.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { chromium } from 'playwright-core';
import { root, startServer, stopServer, tempDataDir } from './lib.mjs';

const dist = path.join(root, 'apps/web/dist');
const CHROMIUM_PATH = '/usr/bin/chromium';
const RUNS = 5;
const PAGE = '/design-ideas/Food%20%26%20Beverages';
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

function closure(manifest, keys, seen = new Set()) {
  for (const key of keys) {
    if (seen.has(key) || !manifest[key]) continue;
    seen.add(key);
    closure(manifest, manifest[key].imports ?? [], seen);
  }
  return seen;
}

function pageJs() {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
  const entries = Object.keys(manifest).filter((k) => manifest[k].isEntry);
  const pageKey = Object.keys(manifest).find((k) => manifest[k].isDynamicEntry && /pages\/design-ideas\/CategoryPage/.test(manifest[k].src ?? k));
  if (!pageKey) throw new Error('no CategoryPage chunk in the manifest');
  const shell = closure(manifest, entries);
  const all = closure(manifest, [pageKey], new Set(shell));
  const size = (keys) => {
    let gz = 0;
    let raw = 0;
    for (const key of keys) {
      const file = manifest[key].file;
      if (!file.endsWith('.js')) continue;
      const bytes = fs.readFileSync(path.join(dist, file));
      raw += bytes.length;
      gz += zlib.gzipSync(bytes, { level: 9 }).length;
    }
    return { gz, raw };
  };
  const total = size(all);
  const shellSize = size(shell);
  return {
    total,
    shell: shellSize,
    page: { gz: total.gz - shellSize.gz, raw: total.raw - shellSize.raw },
    chunks: [...all].filter((k) => manifest[k].file.endsWith('.js')).length,
  };
}

/**
 * Waits until the server's gallery is seeded (a first start renders it in the background): every
 * category holds 20 ideas and the total has not grown for 10 s, so no rendering competes with the runs.
 */
async function waitForGallery(url, timeoutMs = 20 * 60_000) {
  const started = Date.now();
  let last = -1;
  let stableSince = Date.now();
  while (Date.now() - started < timeoutMs) {
    try {
      const body = await (await fetch(`${url}/api/project/cate_preview_list`)).json();
      const counts = body.code === 0 ? body.data.list.map((c) => c.count) : [];
      const total = counts.reduce((a, b) => a + b, 0);
      if (total !== last) {
        last = total;
        stableSince = Date.now();
      }
      if (counts.length === 7 && counts.every((n) => n >= 20) && Date.now() - stableSince > 10_000) return { ms: Date.now() - started, total };
    } catch {
      // not answering yet
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  throw new Error('the gallery was not seeded in time');
}

const FIRST_IMAGE = () => {
  window.__firstImage = null;
  document.addEventListener(
    'load',
    (e) => {
      const img = e.target;
      if (!(img instanceof HTMLImageElement) || !img.closest('[data-testid="idea-grid"]') || window.__firstImage !== null) return;
      img.decode().then(
        () => (window.__firstImage ??= performance.now()),
        () => {},
      );
    },
    true,
  );
};

async function measure(browser, url, viewport) {
  const context = await browser.newContext({ viewport, ...(viewport.width < 500 ? { isMobile: true, hasTouch: true } : {}) });
  const page = await context.newPage();
  await page.addInitScript(FIRST_IMAGE);
  await page.goto(url + PAGE);
  await page.waitForFunction(() => window.__firstImage !== null, null, { timeout: 60_000, polling: 20 });
  const r = await page.evaluate(() => {
    const nav = performance.getEntriesByType('navigation')[0];
    return { firstImage: window.__firstImage, domContentLoaded: nav?.domContentLoadedEventEnd ?? null };
  });
  await context.close();
  return r;
}

export default async function galleryPageBench() {
  const build = spawnSync('npm', ['run', 'build', '-w', '@packsmith/web'], { cwd: root, stdio: 'ignore' });
  if (build.status !== 0) throw new Error('web build failed');
  const js = pageJs();
  const figures = {
    'gallery page JS (shell + page chunks), KB gzip': (js.total.gz / 1024).toFixed(1),
    'of which the shell (entry and its imports), KB gzip': (js.shell.gz / 1024).toFixed(1),
    'of which the gallery page chunks, KB gzip': (js.page.gz / 1024).toFixed(1),
    'gallery page JS, KB raw': (js.total.raw / 1024).toFixed(1),
    'JS chunks loaded': js.chunks,
  };
  const dataDir = tempDataDir('gallery');
  const server = await startServer({ dataDir, timeoutMs: 120_000 });
  let desktop = Infinity;
  try {
    const seeded = await waitForGallery(server.url);
    figures['ideas in the gallery'] = seeded.total;
    figures['load average before runs'] = os.loadavg()[0].toFixed(1);
    const browser = await chromium.launch({
      executablePath: CHROMIUM_PATH,
      headless: true,
      args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking'],
    });
    try {
      for (const vp of [
        { name: '1280×800', width: 1280, height: 800 },
        { name: '390×844', width: 390, height: 844 },
      ]) {
        await measure(browser, server.url, vp); // warm the server's caches (first read of each image file)
        const runs = [];
        for (let i = 0; i < RUNS; i++) runs.push(await measure(browser, server.url, vp));
        const first = median(runs.map((r) => r.firstImage));
        if (vp.width > 1000) desktop = first;
        figures[`${vp.name}: navigation → first tile image decoded, ms (median of ${RUNS}; all)`] =
          `${Math.round(first)} (${runs.map((r) => Math.round(r.firstImage)).join(', ')})`;
        figures[`${vp.name}: DOMContentLoaded, ms (median)`] = Math.round(median(runs.map((r) => r.domContentLoaded ?? NaN)));
      }
    } finally {
      await browser.close();
    }
  } finally {
    await stopServer(server.child);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
  figures['load average at end'] = os.loadavg()[0].toFixed(1);
  return {
    name: 'design-idea gallery page (JS size, time to first image)',
    figures,
    aim: 'page JS under 200 KB gzip; first tile image under 1.5 s on the desktop viewport',
    pass: js.total.gz < 200 * 1024 && desktop < 1500,
  };
}
