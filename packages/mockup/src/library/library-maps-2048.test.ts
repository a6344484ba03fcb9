/**
 * The checks of library-maps.test.ts at full size, 2048 px, on one box-like template at each of the
 * library's five camera angles: checker edges straight and continuous across folds within 1 px; and, on
 * the three-quarter view, a design at its full design-area resolution read back through the stored maps
 * within 1 design px.
 * Each template is rendered here (~1.7 s of one core) and dropped before the next.
 */
import { describe, expect, it } from 'vitest';
import { applyDesign } from '../apply.js';
import { renderTemplate } from '../template/index.js';
import { decodeTemplateMaps, encodeTemplateMaps } from './maps-codec.js';
import { checkerPlan, codedDesign, codedError, designTexel, foldContinuity, interior, LIN, planarSurfaces, straightLines } from './map-checks.js';
import { libraryTemplate, type TEMPLATE_ANGLES } from './templates.js';

const SIZE = 2048;
const PAPER_SPECULAR = 0.5;

/** One template per camera angle, each with planar faces meeting at folds. */
const BY_ANGLE: Readonly<Record<keyof typeof TEMPLATE_ANGLES, string>> = {
  front: 'boxes-reverse-tuck-end-front-daylight-cream',
  'three-quarter-right': 'boxes-reverse-tuck-end-three-quarter-right-studio-grey',
  'three-quarter-left': 'boxes-straight-tuck-end-three-quarter-left-studio-blue',
  high: 'boxes-auto-lock-bottom-high-daylight-grey',
  low: 'others-sleeve-low-studio-charcoal',
};

describe('library template maps at 2048 px, one box per camera angle', () => {
  it.each(Object.entries(BY_ANGLE))('%s: %s', { timeout: 120_000 }, async (_angle, id) => {
    const spec = libraryTemplate(id)!;
    expect(spec).toBeDefined();
    const { sceneRgb, maps } = renderTemplate({ ...spec.render, size: SIZE });
    const planar = planarSurfaces(spec.render.boxIds ?? [spec.render.boxId], maps.surfaces);

    // Straight edges on every planar face, under 1 px (measured ≤ 0.07 px).
    const plan = checkerPlan(maps, planar, SIZE * 2);
    const out = applyDesign({ sceneRgb, maps, designs: plan.designs, material: 'paper' });
    const lines = straightLines(out, maps, plan, PAPER_SPECULAR, 20, 40);
    expect(lines.length).toBeGreaterThanOrEqual(5);
    for (const l of lines) expect(l.fit.worst, `${maps.surfaces[l.surface]!.role} ${l.family} = ${l.index}`).toBeLessThan(1);

    // Continuous across every fold between planar faces in view, under 1 px (measured ≤ 0.05 px); the tops
    // of the three-quarter and high views are tall enough here to be measured.
    const folds = foldContinuity(out, maps, plan, PAPER_SPECULAR, { lines, minFoldPixels: 40 });
    let matched = 0;
    for (const f of folds) {
      const name = `${maps.surfaces[f.a]!.role}|${maps.surfaces[f.b]!.role}`;
      expect(f.edgeGap, name).toBeLessThan(0.05);
      for (const g of f.gaps) expect(g.gap, `${name} edge ${g.index}`).toBeLessThan(1);
      matched += f.gaps.length;
    }
    const foldsInView = folds.filter((f) => f.gaps.length > 0).map((f) => `${maps.surfaces[f.a]!.role}|${maps.surfaces[f.b]!.role}`);
    if (id !== BY_ANGLE.front) expect(foldsInView.length, foldsInView.join(', ')).toBeGreaterThanOrEqual(1);
    if (id === BY_ANGLE['three-quarter-right'] || id === BY_ANGLE.high) expect(foldsInView).toContain('front|top');
    expect(matched).toBeGreaterThanOrEqual(id === BY_ANGLE.front ? 0 : 2);

    // A coded design at the full size of each face's design area (300 dpi), through the maps as stored:
    // on the three-quarter view (three faces) only, the stored maps' 16-bit round trip costing ~1 s here.
    if (id !== BY_ANGLE['three-quarter-right']) return;
    const stored = await decodeTemplateMaps(await encodeTemplateMaps(maps));
    const designs = Object.fromEntries(maps.surfaces.map((s, k) => [k, codedDesign(s.designArea.width, s.designArea.height, 16)]));
    const coded = applyDesign({ sceneRgb, maps: stored, designs, material: 'paper' });
    let worst = 0;
    let n = 0;
    for (let i = 0; i < maps.surface.length; i++) {
      const s = maps.surface[i]!;
      if (s === 0 || !interior(maps, s, i, 1)) continue;
      const d = designs[s - 1]!;
      const sh = maps.shading[i]!;
      const sp = PAPER_SPECULAR * maps.specular[i]!;
      if (d.hi * sh + sp > 0.78) continue;
      const step = (b: number): number => (LIN[Math.min(255, b + 1)]! - LIN[b]!) / sh / ((d.hi - d.lo) / d.period);
      if (step(coded[i * 3]!) > 0.25 || step(coded[i * 3 + 1]!) > 0.25) continue;
      const [px, py] = designTexel(maps.surfaces[s - 1]!.designArea, d.width, d.height, maps.u[i]!, maps.v[i]!);
      for (const [c, predicted] of [
        [0, px],
        [1, py],
      ] as const) {
        const e = codedError(d, (LIN[coded[i * 3 + c]!]! - sp) / sh, predicted);
        if (e === null) continue;
        worst = Math.max(worst, Math.abs(e));
        n++;
      }
    }
    expect(n).toBeGreaterThan(200_000);
    expect(worst).toBeLessThan(1);
  });
});
