/* global window, document */
// The mockup studio's 3D preview in Chromium with software WebGL (SwiftShader, no GPU): a reverse
// tuck end box (101) with six 1024 px face images, at 1280 × 800 and 390 × 844. Figures:
// - first frame: navigation start → the first frame drawn with every face image on (the
//   component's data-preview3d-state="ready"), with the lazy chunk's arrival on the way;
// - frames per second while orbiting: a pointer dragged across the view for 4 s (each move
//   orbits the camera), frames in which WebGL drew, counted in the page.
// The harness page (bench/preview3d/) mounts the real component, loaded lazily as the studio does.
// Reduced motion is on, so the pack shows closed at once (the fold animation is not measured).
import fs from 'node:fs';
import os from 'node:os';
import { chromium } from 'playwright-core';
import { buildHarness, CHROMIUM_ARGS, CHROMIUM_PATH, chunkReport, facePngs, FRAME_COUNTER, serveHarness } from './preview3d/serve.mjs';

const VIEWPORTS = [
  { name: '1280×800', width: 1280, height: 800 },
  { name: '390×844', width: 390, height: 844 },
];
const RUNS = 3;
const ORBIT_MS = 4000;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

/**
 * CPU time (user + system, ms) of every Chromium process this bench started: the browser and its
 * renderer and GPU (SwiftShader) processes, the descendants of this Node process. The machine is
 * shared, so wall times swing with its load; CPU time says what the work itself costs.
 */
function chromiumCpuMs() {
  const procs = new Map();
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      procs.set(Number(pid), { ppid: Number(f[1]), cpu: Number(f[11]) + Number(f[12]) });
    } catch {
      // gone already
    }
  }
  const mine = new Set([process.pid]);
  let grew = true;
  while (grew) {
    grew = false;
    for (const [pid, p] of procs) {
      if (!mine.has(pid) && mine.has(p.ppid)) {
        mine.add(pid);
        grew = true;
      }
    }
  }
  mine.delete(process.pid);
  let ticks = 0;
  for (const pid of mine) ticks += procs.get(pid).cpu;
  return (ticks * 1000) / 100;
}

async function measure(browser, url, viewport) {
  const context = await browser.newContext({ viewport, reducedMotion: 'reduce', ...(viewport.width < 500 ? { isMobile: true, hasTouch: true } : {}) });
  const page = await context.newPage();
  await page.addInitScript(FRAME_COUNTER);
  const cpu0 = chromiumCpuMs();
  await page.goto(`${url}/?box=101`);
  await page.waitForFunction(() => window.preview3dHarness?.readyAt, null, { timeout: 120_000, polling: 50 });
  const cpuToReady = chromiumCpuMs() - cpu0;
  const load = await page.evaluate(() => ({
    chunk: window.preview3dHarness.chunkAt,
    ready: window.preview3dHarness.readyAt,
    firstDraw: window.__frameCounter.times[0] ?? null,
    renderer: (() => {
      const gl = document.querySelector('[data-testid=preview3d] canvas')?.getContext('webgl2');
      const ext = gl?.getExtension('WEBGL_debug_renderer_info');
      return ext ? gl.getParameter(ext.UNMASKED_RENDERER_WEBGL) : 'unknown';
    })(),
    canvas: (() => {
      const c = document.querySelector('[data-testid=preview3d] canvas');
      return c ? `${c.width}×${c.height}` : '';
    })(),
  }));
  await page.waitForTimeout(300);

  // Orbit: drag back and forth across the view for ORBIT_MS.
  const box = await page.locator('[data-testid=preview3d] canvas').boundingBox();
  const cx = box.x + box.width / 2;
  const cy = box.y + box.height / 2;
  await page.mouse.move(cx, cy);
  await page.mouse.down();
  const f0 = await page.evaluate(() => ({ frames: window.__frameCounter.frames, at: performance.now() }));
  const cpuOrbit0 = chromiumCpuMs();
  const until = Date.now() + ORBIT_MS;
  let i = 0;
  while (Date.now() < until) {
    i++;
    await page.mouse.move(cx + Math.sin(i / 6) * box.width * 0.3, cy + Math.cos(i / 9) * box.height * 0.08);
  }
  const f1 = await page.evaluate(() => ({ frames: window.__frameCounter.frames, at: performance.now() }));
  const cpuOrbit = chromiumCpuMs() - cpuOrbit0;
  await page.mouse.up();
  await context.close();
  const frames = f1.frames - f0.frames;
  return { ...load, fps: (frames * 1000) / (f1.at - f0.at), moves: i, cpuToReady, cpuPerFrame: cpuOrbit / Math.max(1, frames) };
}

export default async function preview3dBench() {
  const build = await buildHarness();
  const chunks = chunkReport();
  const server = await serveHarness(await facePngs({ width: 60.45, height: 150.45, depth: 40.45 }, 1024));
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_ARGS });
  const figures = {
    'harness build, ms': Math.round(build.ms),
    'three.js in the entry chunk': chunks.entryHasThree ? 'YES' : 'no',
    'lazy preview chunk, KB raw / gzip': `${chunks.lazyChunkKb.toFixed(0)} / ${chunks.lazyChunkGzKb.toFixed(0)}`,
    'load average at start': os.loadavg()[0].toFixed(1),
  };
  let firstFrameDesktop = Infinity;
  try {
    for (const vp of VIEWPORTS) {
      const runs = [];
      for (let r = 0; r < RUNS; r++) runs.push(await measure(browser, server.url, vp));
      const ready = median(runs.map((x) => x.ready));
      if (vp.width > 1000) firstFrameDesktop = ready;
      figures[`${vp.name}: renderer`] = runs[0].renderer;
      figures[`${vp.name}: canvas px`] = runs[0].canvas;
      figures[`${vp.name}: lazy chunk loaded, ms (median of ${RUNS})`] = Math.round(median(runs.map((x) => x.chunk)));
      figures[`${vp.name}: first draw, ms`] = Math.round(median(runs.map((x) => x.firstDraw ?? NaN)));
      figures[`${vp.name}: first frame with faces, ms (median; all runs)`] = `${Math.round(ready)} (${runs.map((x) => Math.round(x.ready)).join(', ')})`;
      figures[`${vp.name}: CPU of all Chromium processes to that frame, ms (median)`] = Math.round(median(runs.map((x) => x.cpuToReady)));
      figures[`${vp.name}: CPU per orbiting frame, ms (median)`] = Math.round(median(runs.map((x) => x.cpuPerFrame)));
      figures[`${vp.name}: orbiting, frames/s (median; all runs)`] =
        `${median(runs.map((x) => x.fps)).toFixed(1)} (${runs.map((x) => x.fps.toFixed(1)).join(', ')})`;
    }
  } finally {
    await browser.close();
    await server.close();
  }
  figures['load average at end'] = os.loadavg()[0].toFixed(1);
  return {
    name: '3D preview (tuck end box, 1024 px faces, Chromium SwiftShader)',
    figures,
    // The issue asks for these figures without an aim; what must hold is the lazy chunk.
    aim: 'three.js only in the lazy chunk (first frame and frame rate are figures)',
    pass: !chunks.entryHasThree && chunks.lazyHasThree && Number.isFinite(firstFrameDesktop),
  };
}
