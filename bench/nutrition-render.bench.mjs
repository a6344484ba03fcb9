// Nutrition label server figures (in-process server, PGlite): compute of a full US label over HTTP
// (POST /api/nutrition/compute: engine, layout, live SVG, envelope), and the print files rendered in
// process from one drawing: outlined SVG, PNG at 300 dpi (resvg + sharp pHYs), PDF at true size
// (pdf-lib, subset Arimo). Warmed up, then timed; p50/p95.
import { tsImport } from 'tsx/esm/api';
import { stats } from './lib.mjs';

const time = async (fn) => {
  const t = performance.now();
  await fn();
  return performance.now() - t;
};
const fmt = (s) => `p50 ${s.median.toFixed(2)} / p95 ${s.p95.toFixed(2)} / max ${s.max.toFixed(2)} ms (n=${s.n})`;

export default async function nutritionRenderBench({ rounds = Number(process.env.BENCH_NUTRITION_ROUNDS ?? 40) } = {}) {
  const { startTestServer } = await tsImport('../apps/server/test/harness.ts', import.meta.url);
  const { newGuest } = await tsImport('../apps/server/test/client.ts', import.meta.url);
  const out = await tsImport('../apps/server/src/modules/nutrition/label-output.ts', import.meta.url);
  const { computeLabel, renderLabel, FDA_SAMPLE_NUTRIENTS, FDA_SAMPLE_SERVING } = await tsImport('../packages/nutrition/src/index.ts', import.meta.url);
  // FDA's sample label (21 CFR 101.9(d)(12)).
  const FDA = { region: 'us', format: 'standard', serving: FDA_SAMPLE_SERVING, nutrients: FDA_SAMPLE_NUTRIENTS };
  const drawing = renderLabel(computeLabel(FDA));
  const timed = async (fn) => {
    for (let i = 0; i < 3; i++) await fn();
    const t = [];
    for (let i = 0; i < rounds; i++) t.push(await time(fn));
    return stats(t);
  };
  const svg = await timed(() => out.labelSvg(drawing));
  const png = await timed(() => out.labelPng(drawing));
  const pdf = await timed(() => out.labelPdf(drawing));
  const server = await startTestServer();
  try {
    const client = await newGuest(server.url);
    const http = await timed(async () => {
      const r = await client.post('/api/nutrition/compute', FDA);
      if (r.code !== 0) throw new Error(`compute failed: ${r.msg}`);
    });
    return {
      name: 'Nutrition label: compute over HTTP and the print files',
      figures: {
        'compute, full US label (HTTP)': fmt(http),
        'SVG, text outlined (in process)': fmt(svg),
        'PNG 300 dpi (in process)': fmt(png),
        'PDF true size, subset fonts (in process)': fmt(pdf),
      },
      aim: 'compute under 5 ms p50 over HTTP; each print file under 200 ms p95',
      pass: http.median < 5 && Math.max(svg.p95, png.p95, pdf.p95) < 200,
    };
  } finally {
    await server.close();
  }
}
