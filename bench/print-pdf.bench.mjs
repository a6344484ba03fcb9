// Print-ready PDF figures: exportPrintPdf for a straight tuck end box (the catalogue's default size)
// with a full-sheet PNG at 300 dpi over the bleed box, in process: the time of one export (font subset,
// PNG embedding, vector die lines, marks) and the file's size, with the artwork's own size beside it.
// Warmed once, then timed. Aim: an export under 2 s, so the export call answers within a poll or two.
import { tsImport } from 'tsx/esm/api';
import { stats } from './lib.mjs';

export default async function printPdfBench({ runs = Number(process.env.BENCH_PRINT_PDF_RUNS ?? 8) } = {}) {
  const { renderDieline } = await tsImport('../packages/design-engine/src/dieline/index.ts', import.meta.url);
  const { exportPrintPdf } = await tsImport('../packages/print-pdf/src/index.ts', import.meta.url);
  const { readPrintPdf } = await tsImport('../packages/print-pdf/src/read-back.ts', import.meta.url);
  const { artworkPng, interFonts } = await tsImport('../packages/print-pdf/src/test-fixtures.ts', import.meta.url);

  const dieline = renderDieline(102);
  const p = dieline.params;
  const artwork = { kind: 'png', bytes: await artworkPng(dieline, 300) };
  const input = {
    dieline,
    artwork,
    fonts: interFonts(),
    info: {
      boxName: 'Straight tuck end box',
      inside: { length: p.length, width: p.width, height: p.height },
      board: `${p.thickness} mm SBS`,
      date: '2026-12-02',
    },
  };
  let last = await exportPrintPdf(input);
  const times = [];
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    last = await exportPrintPdf(input);
    times.push(performance.now() - t);
  }
  const back = await readPrintPdf(last.bytes);
  if (back.images[0]?.width !== last.artwork.width) throw new Error('artwork was not embedded at its pixel size');
  const s = stats(times);
  const mb = (n) => `${(n / 2 ** 20).toFixed(2)} MiB`;
  return {
    name: 'Print-ready PDF: straight tuck end box, 300 dpi artwork',
    figures: {
      sheet: `${dieline.size.width} × ${dieline.size.height} mm trim, page ${last.pageMm.width.toFixed(1)} × ${last.pageMm.height.toFixed(1)} mm`,
      artwork: `${last.artwork.width} × ${last.artwork.height} px (${last.artwork.dpi} dpi), PNG ${mb(artwork.bytes.length)}`,
      'export time': `p50 ${s.median.toFixed(0)} / p95 ${s.p95.toFixed(0)} / max ${s.max.toFixed(0)} ms (n=${s.n})`,
      'file size': `${mb(last.bytes.length)} (${last.bytes.length} bytes)`,
    },
    aim: 'an export under 2 s (p95)',
    pass: s.p95 < 2000,
  };
}
