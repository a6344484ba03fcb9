// The design-chat assistant (local engine): accuracy per field on the hand-labelled brief set
// (apps/server/src/modules/chat/assistant/local/brief-set.ts) and the reply latency of one turn
// (extraction + dialogue) over the same briefs, as the server runs it.
import { tsImport } from 'tsx/esm/api';

const pct = (x) => `${(x * 100).toFixed(1)} %`;
const quantile = (xs, q) => [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.ceil(xs.length * q) - 1)];

export default async function assistantBench({ rounds = Number(process.env.BENCH_ROUNDS ?? 5) } = {}) {
  const dir = '../apps/server/src/modules/chat/assistant/local/';
  const { BRIEF_SET } = await tsImport(`${dir}brief-set.ts`, import.meta.url);
  const { scoreBriefSet, readLocally } = await tsImport(`${dir}brief-accuracy.ts`, import.meta.url);
  const { respondLocally } = await tsImport(`${dir}local-assistant.ts`, import.meta.url);
  const { EMPTY_BRIEF, INITIAL_STATE } = await tsImport('../apps/server/src/modules/chat/assistant/assistant.ts', import.meta.url);

  const accuracy = await scoreBriefSet(BRIEF_SET, readLocally);
  const turn = (text) => respondLocally({ brief: EMPTY_BRIEF, state: INITIAL_STATE, text, isGenerate: false, referenceImg: null, chatType: 'design' });
  const t0 = performance.now();
  turn(BRIEF_SET[0].text);
  const firstMs = performance.now() - t0;
  const times = [];
  for (let r = 0; r < rounds; r++) {
    for (const brief of BRIEF_SET) {
      const t = performance.now();
      turn(brief.text);
      times.push(performance.now() - t);
    }
  }
  const p95 = quantile(times, 0.95);
  return {
    name: `design-chat assistant (local): ${accuracy.total} labelled briefs`,
    figures: {
      brand: `${pct(accuracy.share.brand)} (${accuracy.right.brand}/${accuracy.total})`,
      product: `${pct(accuracy.share.product)} (${accuracy.right.product}/${accuracy.total})`,
      pack: `${pct(accuracy.share.pack)} (${accuracy.right.pack}/${accuracy.total})`,
      colours: `${pct(accuracy.share.colours)} (${accuracy.right.colours}/${accuracy.total})`,
      'turn ms p50': quantile(times, 0.5).toFixed(2),
      'turn ms p95': p95.toFixed(2),
      'turn ms max': Math.max(...times).toFixed(1),
      'first turn in a process ms': firstMs.toFixed(0),
    },
    aim: 'brand, product, pack ≥ 95 %, colours ≥ 98 %, p95 < 100 ms',
    pass: accuracy.share.brand >= 0.95 && accuracy.share.product >= 0.95 && accuracy.share.pack >= 0.95 && accuracy.share.colours >= 0.98 && p95 < 100,
  };
}
