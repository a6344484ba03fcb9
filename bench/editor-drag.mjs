/* global window, requestAnimationFrame */
// The editor canvas under a drag (issue 17 item 2): frame intervals while a layer is dragged
// across the sheet in Chromium. `measureDrag(page, from)` is what `npm run bench editor-screen`
// runs on the real editor route; as a script it drives any page that shows EditorCanvas:
//
//   node bench/editor-drag.mjs --url http://127.0.0.1:4173/editor?project_id=<id> --from 420,380 [--moves 240]
//
// --from is the drag's start in page px (a layer's centre: panelToSheet(mm) × pxPerMm + pan from the
// canvas's data-view, plus the canvas element's offset). The pointer moves 1.5 px per step along a
// loop, one step per animation frame, as a hand would; the page counts every requestAnimationFrame
// interval while the drag lasts. Reports the median and p95 frame interval, the share of frames over
// 20 ms (a dropped frame at 60 Hz) and the main thread's busy time per move (the headroom: under ~8 ms
// leaves room for a slower machine).
import { pathToFileURL } from 'node:url';
import { chromium } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

const quantile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * q) - 1)];

/** Drags from `from` (page px) along a loop of `moves` steps, one per frame; the frame figures. */
export async function measureDrag(page, from, moves = 240) {
  const [fromX, fromY] = [from.x, from.y];
  await page.evaluate(() => {
    const w = window;
    w.__frames = [];
    w.__recording = false;
    // One frame counter per page, however many drags it measures.
    if (w.__ticking) return;
    w.__ticking = true;
    let last = 0;
    const tick = (t) => {
      if (w.__recording && last) w.__frames.push(t - last);
      last = t;
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  // Main-thread time per move (script, style, layout, paint: Chromium's TaskDuration), from CDP.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const taskSeconds = async () => (await cdp.send('Performance.getMetrics')).metrics.find((m) => m.name === 'TaskDuration').value;
  const path = async () => {
    for (let i = 1; i <= moves; i++) {
      const a = (i / moves) * Math.PI * 2;
      await page.mouse.move(fromX + Math.sin(a) * 60 + i * 0.2, fromY + (1 - Math.cos(a)) * 40);
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => r())));
    }
  };
  // The same path hovered first (no button): the cost of the pointer and this script alone.
  await page.mouse.move(fromX, fromY);
  const hover0 = await taskSeconds();
  await path();
  const hoverMs = ((await taskSeconds()) - hover0) * 1000;
  await page.mouse.move(fromX, fromY);
  await page.mouse.down();
  const task0 = await taskSeconds();
  await page.evaluate(() => (window.__recording = true));
  const t0 = Date.now();
  await path();
  const frames = await page.evaluate(() => {
    window.__recording = false;
    return window.__frames;
  });
  const taskMs = ((await taskSeconds()) - task0) * 1000;
  await page.mouse.up();
  const seconds = (Date.now() - t0) / 1000;
  const result = {
    frames: frames.length,
    fps: Number((frames.length / seconds).toFixed(1)),
    median_ms: Number(quantile(frames, 0.5).toFixed(2)),
    p95_ms: Number(quantile(frames, 0.95).toFixed(2)),
    main_thread_ms_per_move: Number((taskMs / moves).toFixed(2)),
    // The drag's own share: minus the same path hovered.
    drag_ms_per_move: Number(((taskMs - hoverMs) / moves).toFixed(2)),
    over_20ms: `${((frames.filter((f) => f > 20).length / frames.length) * 100).toFixed(1)} %`,
  };
  return result;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = Object.fromEntries(
    process.argv
      .slice(2)
      .join(' ')
      .split('--')
      .filter(Boolean)
      .map((s) => s.trim().split(/\s+/)),
  );
  const [x, y] = String(args.from ?? '')
    .split(',')
    .map(Number);
  if (!args.url || !Number.isFinite(x) || !Number.isFinite(y)) {
    console.error('usage: node bench/editor-drag.mjs --url <page with the editor canvas> --from x,y [--moves n]');
    process.exit(2);
  }
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(args.url);
    await page.waitForSelector('[data-testid="editor-canvas"] canvas');
    await page.waitForTimeout(1000);
    console.log(JSON.stringify(await measureDrag(page, { x, y }, Number(args.moves ?? 240))));
  } finally {
    await browser.close();
  }
}
