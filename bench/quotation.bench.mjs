// Quotation figures on the embedded defaults (in-process server, PGlite, the local-rules assistant):
// - assistant reply latency over HTTP for the message that completes a quote (POST /api/quotation/message
//   "1000" after product, box, size and material are known: read, engine ladder, factories, save, reply);
// - the same for a message that only asks the next question (no engine), for comparison;
// - quote PDF render time, in process (renderQuotePdf: Inter subset embedded) and over HTTP (GET /api/quotation/pdf).
import { tsImport } from 'tsx/esm/api';
import { stats } from './lib.mjs';

const time = async (fn) => {
  const t = performance.now();
  await fn();
  return performance.now() - t;
};
const fmt = (s) => `p50 ${s.median.toFixed(1)} / p95 ${s.p95.toFixed(1)} / max ${s.max.toFixed(1)} ms (n=${s.n})`;

export default async function quotationBench({ rounds = Number(process.env.BENCH_QUOTATION_ROUNDS ?? 40) } = {}) {
  const { startTestServer } = await tsImport('../apps/server/test/harness.ts', import.meta.url);
  const { newGuest } = await tsImport('../apps/server/test/client.ts', import.meta.url);
  const { renderQuotePdf } = await tsImport('../apps/server/src/modules/quotation/quote-pdf.ts', import.meta.url);
  const server = await startTestServer();
  try {
    const client = await newGuest(server.url);
    const say = async (projectId, content) => {
      const r = await client.post('/api/quotation/message', { project_id: projectId, content });
      if (r.code !== 0) throw new Error(`message failed: ${r.msg}`);
      return r.data.messages.at(-1);
    };
    const completing = [];
    const asking = [];
    let quoteId = '';
    let quote = null;
    for (let i = 0; i < rounds; i++) {
      const p = await client.post('/api/project', { type: 'pricing_tool' });
      const projectId = p.data.project_id;
      await client.post('/api/quotation/hello', { project_id: projectId });
      await say(projectId, 'I sell organic tea');
      asking.push(await time(() => say(projectId, 'straight tuck end')));
      await say(projectId, '80 x 40 x 150 mm');
      await say(projectId, 'white board');
      let last = null;
      completing.push(await time(async () => (last = await say(projectId, String(1000 + i)))));
      if (last?.content.type !== 'answer') throw new Error(`no quote: ${last?.content.message}`);
      quote = last.data.quote;
      quoteId = quote.quote_id;
    }
    const renders = [];
    for (let i = 0; i < 3; i++) await renderQuotePdf(quote);
    for (let i = 0; i < rounds; i++) renders.push(await time(() => renderQuotePdf(quote)));
    const pdfHttp = [];
    let bytes = 0;
    for (let i = 0; i < rounds; i++)
      pdfHttp.push(
        await time(async () => {
          const res = await client.raw('GET', `/api/quotation/pdf?quote_id=${encodeURIComponent(quoteId)}`);
          bytes = (await res.arrayBuffer()).byteLength;
        }),
      );
    const sc = stats(completing);
    const sa = stats(asking);
    const sr = stats(renders);
    const sh = stats(pdfHttp);
    return {
      name: 'Quotation: assistant reply latency and the quote PDF',
      figures: {
        'reply completing a quote (HTTP, local rules)': fmt(sc),
        'reply asking the next question (HTTP)': fmt(sa),
        'quote PDF render (in process)': fmt(sr),
        'quote PDF over HTTP': fmt(sh),
        'quote PDF size': `${(bytes / 1024).toFixed(1)} KiB`,
      },
      aim: 'a quote reply under 300 ms p95; a PDF under 200 ms p95',
      pass: sc.p95 < 300 && sr.p95 < 200,
    };
  } finally {
    await server.close();
  }
}
