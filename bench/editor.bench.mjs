// AI packaging editor figures (issue 17), on the embedded defaults (in-process server, PGlite):
// - autosave round trip: PUT /api/editor/document over HTTP, one text edited per save, each save
//   naming the version the last one answered (as the screen's autosave does), a tuck-end design's
//   document (13 panels, its real layers);
// - print-ready PDF export of the same document as a Business member: POST /api/editor/export to the
//   finished record (polled every 10 ms), its file size, and the export function alone in process.
// Aim: autosave p95 under 100 ms; the PDF under 5 s; other calls keep answering while it renders.
import { tsImport } from 'tsx/esm/api';
import { stats } from './lib.mjs';

const fmt = (s) => `p50 ${s.median.toFixed(1)} / p95 ${s.p95.toFixed(1)} / max ${s.max.toFixed(1)} ms (n=${s.n})`;

export const META = {
  layout_id: 'classic',
  palette: ['#1f5c3a', '#f4ecd8', '#c9a227', '#0d1f14', '#ffffff', '#7a9a6a'],
  product: 'green tea',
  brand: 'Aura',
  style: ['minimalist'],
  color: ['green', 'cream'],
  element: ['leaf'],
  box_id: 102,
  seed: 1234,
  record_id: 'bench',
  prompt_index: 0,
  front_url: '/files/bench/front.png',
  dieline_url: '/files/bench/dieline.svg',
};

export default async function editorBench({
  saves = Number(process.env.BENCH_EDITOR_SAVES ?? 200),
  exports = Number(process.env.BENCH_EDITOR_EXPORTS ?? 3),
} = {}) {
  const { startTestServer } = await tsImport('../apps/server/test/harness.ts', import.meta.url);
  const { registeredUser } = await tsImport('../apps/server/test/accounts.ts', import.meta.url);
  const { createUserRepo } = await tsImport('../apps/server/src/modules/user/index.ts', import.meta.url);
  const { createProjectRepo } = await tsImport('../apps/server/src/modules/project/index.ts', import.meta.url);
  const { exportDocument } = await tsImport('../apps/server/src/modules/editor/editor.files.ts', import.meta.url);
  const server = await startTestServer();
  try {
    const { id, client } = await registeredUser(server);
    await createUserRepo(server.built.database.db).update(id, { vipType: 'business_month', vipExpireTime: new Date(Date.now() + 86_400_000) });
    const p = await client.post('/api/project', { type: 'design' });
    const design = p.data.project_id;
    await createProjectRepo(server.built.database.db).update(design, {}, { designs_meta: { '/files/bench/packshot.png': META }, box_id: 102 });
    let t = performance.now();
    const opened = await client.post('/api/editor/open', { project_id: design });
    if (opened.code !== 0) throw new Error(`open: ${opened.msg}`);
    const openMs = performance.now() - t;
    const projectId = opened.data.editor_project_id;
    const got = await client.get('/api/editor/document', { project_id: projectId });
    const doc = got.data.document;
    const layerCount = doc.panels.reduce((n, q) => n + q.layers.length, 0);
    const docBytes = JSON.stringify(doc).length;
    const text = doc.panels.flatMap((q) => q.layers).find((l) => l.kind === 'text');
    let version = got.data.version;

    const times = [];
    for (let i = 0; i < saves + 10; i++) {
      if (text) text.text = `Aura ${i}`;
      t = performance.now();
      const r = await client.put('/api/editor/document', { project_id: projectId, document: doc, version });
      const ms = performance.now() - t;
      if (r.code !== 0) throw new Error(`save: ${r.msg}`);
      version = r.data.version;
      if (i >= 10) times.push(ms);
    }
    const save = stats(times);

    const exportOnce = async () => {
      const t0 = performance.now();
      const r = await client.post('/api/editor/export', { project_id: projectId, format: 'pdf' });
      if (r.code !== 0) throw new Error(`export: ${r.msg}`);
      let rec;
      for (;;) {
        rec = (await client.get('/api/generate/record', { id: r.data.record.id })).data;
        if (rec.status === 'done' || rec.status === 'failed') break;
        await new Promise((res) => setTimeout(res, 10));
      }
      if (rec.status !== 'done') throw new Error(`export failed: ${rec.error}`);
      return { ms: performance.now() - t0, rec };
    };
    /** GET /api/user/me every 20 ms while `work` runs: whether the serving thread stalls. */
    const pinged = async (work) => {
      const pings = [];
      let running = true;
      const pinger = (async () => {
        while (running) {
          const t0 = performance.now();
          await client.get('/api/user/me');
          pings.push(performance.now() - t0);
          await new Promise((res) => setTimeout(res, 20));
        }
      })();
      try {
        await work();
      } finally {
        running = false;
        await pinger;
      }
      return stats(pings);
    };
    // The first export starts the worker thread (it loads the engine and the fonts).
    const first = await exportOnce();
    const pdf = [];
    let bytes = 0;
    let pageMm = '';
    const duringWorker = await pinged(async () => {
      for (let i = 0; i < exports; i++) {
        const { ms, rec } = await exportOnce();
        pdf.push(ms);
        bytes = rec.data.bytes;
        pageMm = `${rec.data.width_mm.toFixed(1)} × ${rec.data.height_mm.toFixed(1)} mm`;
      }
    });
    const inProcess = [];
    const current = (await client.get('/api/editor/document', { project_id: projectId })).data.document;
    const duringInProcess = await pinged(async () => {
      for (let i = 0; i < exports; i++) {
        // Yield first so the pinger gets its requests out; then the export holds this (the server's) thread.
        await new Promise((res) => setTimeout(res, 50));
        t = performance.now();
        await exportDocument(current, { format: 'pdf', watermark: false, date: '2026-12-02' });
        inProcess.push(performance.now() - t);
      }
    });
    const pdfStats = stats(pdf);
    return {
      name: 'Editor: autosave round trip and the print-ready PDF of a tuck-end design',
      figures: {
        document: `straight tuck end (box 102), ${doc.panels.length} panels, ${layerCount} layers, ${(docBytes / 1024).toFixed(1)} KiB of JSON`,
        'open from a design (POST /api/editor/open, builds the document)': `${openMs.toFixed(0)} ms`,
        'autosave PUT /api/editor/document': fmt(save),
        'PDF export over HTTP (POST to finished record)': fmt(pdfStats),
        'first PDF export (starts the worker thread)': `${first.ms.toFixed(0)} ms`,
        'GET /api/user/me meanwhile (export in the worker thread)': fmt(duringWorker),
        'PDF export on the serving thread (exportDocument, for comparison)': fmt(stats(inProcess)),
        'GET /api/user/me meanwhile (export on the serving thread)': fmt(duringInProcess),
        'PDF file': `${(bytes / 1024).toFixed(0)} KiB, page ${pageMm}, artwork drawn layer by layer (live text, images at their own pixels)`,
      },
      aim: 'autosave p95 under 100 ms; PDF export under 5 s; other calls under 100 ms p95 meanwhile',
      pass: save.p95 < 100 && pdfStats.p95 < 5000 && duringWorker.p95 < 100,
    };
  } finally {
    await server.close();
  }
}
