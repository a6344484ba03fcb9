// Nutrition engine figures: computeLabel for a full label per region and format (every mandatory and
// several voluntary nutrients, exact decimal rounding, warnings), in process. Warmed up, then timed;
// p50/p95 per case, and the US standard vertical SVG. Aim: a full label under 5 ms so the form's live
// preview keeps up with typing.
import { tsImport } from 'tsx/esm/api';
import { stats } from './lib.mjs';

const US = {
  energy_kcal: 230,
  fat: 8,
  saturated_fat: 1,
  trans_fat: 0,
  polyunsaturated_fat: '2.5',
  monounsaturated_fat: '3.5',
  cholesterol: 0,
  sodium: 160,
  carbohydrate: 37,
  fiber: 4,
  soluble_fiber: '1.5',
  sugars: 12,
  added_sugars: 10,
  protein: 3,
  vitamin_d: 2,
  calcium: 260,
  iron: 8,
  potassium: 235,
  vitamin_a: 90,
  vitamin_c: 9,
  thiamin: '0.3',
  folate: 120,
  zinc: '1.1',
};
const EU = {
  fat: '17.6',
  saturated_fat: '3.1',
  monounsaturated_fat: 9,
  carbohydrate: 60,
  sugars: '22.4',
  starch: 35,
  fiber: 3,
  protein: 8,
  sodium: 336,
  iron: '4.26',
  calcium: 400,
  vitamin_d: '1.5',
};
const CASES = [
  ['US standard vertical', { region: 'us', format: 'standard', serving: { size_text: '2/3 cup', grams_or_ml: 55, per_container: 8 }, nutrients: US }],
  [
    'US dual column',
    { region: 'us', format: 'dual', serving: { size_text: '1 cup', grams_or_ml: 55, per_container: '2.5' }, nutrients: US, options: { dv_basis: 'actual' } },
  ],
  [
    'US linear, children 1–3',
    { region: 'us', format: 'linear', serving: { size_text: '1 pouch', grams_or_ml: 55 }, nutrients: US, options: { children_1_3: true } },
  ],
  [
    'Canada bilingual',
    {
      region: 'ca',
      serving: { size_text: '2/3 cup', size_text_fr: '2/3 tasse', grams_or_ml: 55 },
      nutrients: { ...US, added_sugars: undefined, polyunsaturated_fat: undefined, monounsaturated_fat: undefined },
    },
  ],
  ['EU per 100 g + portion', { region: 'eu', serving: { size_text: 'bowl', grams_or_ml: 30, per_container: 12 }, nutrients: EU }],
  ['UK with front of pack', { region: 'uk', serving: { grams_or_ml: 30 }, nutrients: EU }],
];

const fmt = (s) => `p50 ${s.median.toFixed(3)} / p95 ${s.p95.toFixed(3)} / max ${s.max.toFixed(2)} ms (n=${s.n})`;

export default async function nutritionBench({ runs = Number(process.env.BENCH_NUTRITION_RUNS ?? 1000) } = {}) {
  const { computeLabel, usStandardSvg } = await tsImport('../packages/nutrition/src/index.ts', import.meta.url);
  const figures = {};
  const all = [];
  let worstP95 = 0;
  for (const [label, input] of CASES) {
    for (let i = 0; i < 50; i++) computeLabel(input);
    const times = [];
    let lines = 0;
    for (let i = 0; i < runs; i++) {
      const t = performance.now();
      const r = computeLabel(input);
      times.push(performance.now() - t);
      lines = r.lines.length;
    }
    const s = stats(times);
    worstP95 = Math.max(worstP95, s.p95);
    all.push(...times);
    figures[label] = `${fmt(s)}; ${lines} lines`;
  }
  figures['all cases'] = fmt(stats(all));
  // The US standard vertical SVG (mm), from a computed label: the preview's and the editor's vector.
  const us = computeLabel(CASES[0][1]);
  for (let i = 0; i < 50; i++) usStandardSvg(us);
  const svgTimes = [];
  let bytes = 0;
  for (let i = 0; i < runs; i++) {
    const t = performance.now();
    bytes = usStandardSvg(us).svg.length;
    svgTimes.push(performance.now() - t);
  }
  figures['US standard vertical SVG'] = `${fmt(stats(svgTimes))}; ${bytes} bytes`;
  return { name: 'Nutrition engine: a full label per call', figures, aim: 'a full label under 5 ms (p95)', pass: worstP95 < 5 };
}
