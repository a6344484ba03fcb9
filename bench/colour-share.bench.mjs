// Colour fidelity on the packshot: the colour-heavy briefs of the colour-share test (light,
// deep and metallic names; one-, two- and three-colour briefs on every kind of pack), 4 designs
// per set at 1024 px as the server renders them, and for every named colour the share of the
// visible pack it covers (renderDesignSet's `colourShares`): its minimum and median over the
// designs. Aim: every design gives each of its first two named colours 10 % and a third 5 %.
import { tsImport } from 'tsx/esm/api';

const SEEDS = (process.env.BENCH_SEEDS ?? '1,2').split(',').map(Number);

const pct = (v) => `${(100 * v).toFixed(1)} %`;
const median = (xs) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

export default async function colourShareBench() {
  const engine = await tsImport('../packages/design-engine/src/pipeline/index.ts', import.meta.url);
  const { COLOUR_CASES } = await tsImport('../packages/design-engine/src/pipeline/colour-briefs.fixtures.ts', import.meta.url);
  const { namedColours, targetShare } = await tsImport('../packages/design-engine/src/artwork/named-colours.ts', import.meta.url);
  await engine.warmUp();
  const shares = new Map();
  const walls = [];
  let designs = 0;
  let held = 0;
  for (const c of COLOUR_CASES) {
    const named = namedColours(c.brief.color);
    for (const seed of SEEDS) {
      const t = performance.now();
      const set = await engine.renderDesignSet({ brief: c.brief, count: 4, seed, size: 1024 });
      walls.push(performance.now() - t);
      for (const d of set) {
        designs++;
        let ok = true;
        named.forEach((n, k) => {
          const share = d.colourShares[n.key] ?? 0;
          shares.set(n.key, [...(shares.get(n.key) ?? []), share]);
          if (share < targetShare(k)) ok = false;
        });
        if (ok) held++;
      }
    }
  }
  await engine.closeDesignWorkers();
  const figures = {};
  for (const [key, v] of [...shares].sort(([a], [b]) => a.localeCompare(b)))
    figures[`${key} (min / median of ${v.length})`] = `${pct(Math.min(...v))} / ${pct(median(v))}`;
  figures['designs holding every aim'] = `${held}/${designs}`;
  figures['set of 4 at 1024 px, wall ms (median)'] = Math.round(median(walls));
  return {
    name: `colour share on the packshot: ${COLOUR_CASES.length} colour-heavy briefs × ${SEEDS.length} seeds × 4 designs`,
    figures,
    aim: 'every named colour ≥ 10 % of the visible pack (a third ≥ 5 %) on every design',
    pass: held === designs,
  };
}
