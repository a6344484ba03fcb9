// Food lookup figures: searchFoodHits over the whole composition table, in process, for what a person types into
// the recipe form — every prefix of a set of ingredient names letter by letter (the live suggestions), typos, UK/US
// names, words out of order — alone and with 200 of the user's own entries searched alongside. Warmed up, then
// timed; p50/p95 per query. Aim: under 2 ms per query so suggestions keep up with typing.
import { tsImport } from 'tsx/esm/api';
import { stats } from './lib.mjs';

const TYPED = ['all-purpose flour', 'icing sugar', 'unsalted butter', 'double cream', 'dark chocolate 70', 'chicken breast', 'baking powder'];
const WHOLE = ['suger', 'buter', 'chiken brest', 'flour wheat', 'cinammon', 'self raising flour', 'GRUYÈRE', 'tomatoes', 'xyzzy', 'oil olive'];
const QUERIES = [...TYPED.flatMap((w) => Array.from({ length: w.length }, (_, i) => w.slice(0, i + 1))), ...WHOLE];

const fmt = (s) => `p50 ${s.median.toFixed(3)} / p95 ${s.p95.toFixed(3)} / max ${s.max.toFixed(2)} ms (n=${s.n})`;

function own(i) {
  return {
    id: `own-${i}`,
    name: `House blend ${i} ${['granola', 'spice rub', 'caramel', 'pesto', 'dough'][i % 5]}`,
    aliases: [`blend ${i}`],
    per_100g: { energy_kcal: '400', fat: '10', carbohydrate: '70', protein: '8', sodium: '100' },
    allergens: [],
    reference: 'supplier specification',
  };
}

export default async function foodsBench({ rounds = Number(process.env.BENCH_FOODS_ROUNDS ?? 20) } = {}) {
  const { searchFoodHits, FOODS } = await tsImport('../packages/nutrition/src/index.ts', import.meta.url);
  const extra = Array.from({ length: 200 }, (_, i) => own(i));
  const figures = {};
  let worstP95 = 0;
  for (const [label, options] of [
    ['table only', {}],
    ['table + 200 user entries', { extra }],
  ]) {
    for (const q of QUERIES) searchFoodHits(q, options);
    const times = [];
    for (let r = 0; r < rounds; r++) {
      for (const q of QUERIES) {
        const t = performance.now();
        searchFoodHits(q, options);
        times.push(performance.now() - t);
      }
    }
    const s = stats(times);
    worstP95 = Math.max(worstP95, s.p95);
    figures[label] = `${fmt(s)}; ${QUERIES.length} queries × ${rounds}`;
  }
  figures.table = `${FOODS.length} foods`;
  return { name: 'Food lookup: one search of the composition table', figures, aim: 'under 2 ms per query (p95)', pass: worstP95 < 2 };
}
