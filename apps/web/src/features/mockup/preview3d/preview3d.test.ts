import { MATERIAL_TYPES, type MaterialType } from '@packsmith/contracts';
import { previewModel } from '@packsmith/design-engine/preview3d';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { neededUrls, printAssignments } from './assign';
import { footprintAlpha, footprintShadow } from './floor-shadow';
import { isGlass, pbrFor } from './materials';
import { fibreRelief, fluteRelief } from './relief';
import { approach, defaultDirection, fitDistance, orbitPosition, viewCommandForKey } from './view';

const ALL: readonly MaterialType[] = MATERIAL_TYPES.map((m) => m.id);

describe('material → physically based parameters', () => {
  it('covers the nine material types with parameters in range', () => {
    expect(ALL).toHaveLength(9);
    for (const m of ALL) {
      const p = pbrFor(m);
      for (const v of [p.roughness, p.metalness, p.clearcoat, p.clearcoatRoughness, p.transmission]) {
        expect(v).toBeGreaterThanOrEqual(0);
        expect(v).toBeLessThanOrEqual(1);
      }
      expect(p.ior).toBeGreaterThanOrEqual(1);
      expect(p.board).toMatch(/^#[0-9a-f]{6}$/);
    }
  });

  it('makes metals metallic, glass transmissive, glossy finishes smoother than matt ones', () => {
    expect(pbrFor('METAL_GLOSSY').metalness).toBe(1);
    expect(pbrFor('METAL_MATT').metalness).toBe(1);
    for (const m of ALL.filter((x) => !x.startsWith('METAL'))) expect(pbrFor(m).metalness).toBe(0);
    expect(ALL.filter(isGlass)).toEqual(['GLASS_GLOSSY', 'GLASS_MATT']);
    expect(pbrFor('GLASS_GLOSSY').ior).toBeCloseTo(1.5, 5);
    for (const base of ['PLASTIC', 'METAL', 'GLASS'] as const) {
      const glossy = pbrFor(`${base}_GLOSSY`);
      const matt = pbrFor(`${base}_MATT`);
      expect(glossy.roughness).toBeLessThan(matt.roughness);
      expect(glossy.clearcoat).toBeGreaterThan(matt.clearcoat);
    }
  });

  it('gives kraft and flute their fibres and corrugation and prints them without white ink', () => {
    expect(pbrFor('KRAFT').relief).toBe('fibre');
    expect(pbrFor('FLUTE').relief).toBe('flute');
    expect(pbrFor('WHITE_BOARD').relief).toBe('fibre');
    expect(pbrFor('KRAFT').substrate).not.toBeNull();
    expect(pbrFor('FLUTE').substrate).not.toBeNull();
    expect(pbrFor('WHITE_BOARD').substrate).toBeNull();
    // Uncoated board is the roughest surface of all.
    expect(Math.min(pbrFor('KRAFT').roughness, pbrFor('FLUTE').roughness)).toBeGreaterThan(
      Math.max(...ALL.filter((m) => m !== 'KRAFT' && m !== 'FLUTE').map((m) => pbrFor(m).roughness)),
    );
  });
});

describe('face images → parts of the pack', () => {
  const faces = { front: '/files/f.png', top: '/files/t.png', left: '/files/l.png', right: '/files/r.png' };

  it('puts each face image on the panels that show that face of a folded carton', () => {
    const a = new Map(printAssignments(previewModel(101), faces).map((x) => [x.part, x]));
    expect(a.get('front')).toMatchObject({ face: 'front', url: '/files/f.png' });
    expect(a.get('top')).toMatchObject({ face: 'top', url: '/files/t.png' });
    expect(a.get('left')).toMatchObject({ face: 'left', url: '/files/l.png' });
    expect(a.get('right')).toMatchObject({ face: 'right', url: '/files/r.png' });
    // A face without an image, and every structural panel, shows the background colour.
    expect(a.get('back')).toMatchObject({ face: 'back', url: null });
    for (const id of ['top-tuck', 'bottom-tuck', 'glue-flap', 'left-top-dust-flap']) expect(a.get(id)).toMatchObject({ face: null, url: null });
    expect(neededUrls([...a.values()])).toEqual(['/files/f.png', '/files/l.png', '/files/r.png', '/files/t.png']);
  });

  it('follows the pack’s own faces: a mailer’s lid takes the front image, its back wall the top one', () => {
    const a = new Map(printAssignments(previewModel(201), faces).map((x) => [x.part, x]));
    expect(a.get('lid')?.url).toBe('/files/f.png');
    expect(a.get('back-wall')?.url).toBe('/files/t.png');
    expect(a.get('lid-tuck')?.url).toBeNull();
  });

  it('wraps a round body in its wrap image, or prints its front image on the front arc', () => {
    const withWrap = printAssignments(previewModel(701), { wrap: '/files/w.png', front: '/files/f.png' });
    expect(withWrap.find((x) => x.part === 'wrap')).toMatchObject({ face: 'wrap', url: '/files/w.png' });
    expect(withWrap.find((x) => x.part === 'wrap')?.uv).toBeUndefined();
    const frontOnly = printAssignments(previewModel(701), { front: '/files/f.png' }).find((x) => x.part === 'wrap');
    expect(frontOnly).toMatchObject({ face: 'front', url: '/files/f.png' });
    expect(frontOnly?.uv?.uScale).toBeGreaterThan(1);
    const none = printAssignments(previewModel(701), {}).find((x) => x.part === 'wrap');
    expect(none).toMatchObject({ url: null });
  });

  it('ignores blank URLs and dresses a pouch’s seals with its front, darker', () => {
    const a = printAssignments(previewModel(501), { front: '/files/f.png', back: '  ' });
    expect(a.find((x) => x.part === 'back')?.url).toBeNull();
    const seal = a.find((x) => x.part === 'seal');
    expect(seal).toMatchObject({ face: 'front', url: '/files/f.png' });
    expect(seal?.tint).toBeLessThan(1);
  });
});

describe('procedural relief and floor shadow', () => {
  it('makes tiling unit normal maps, deterministically', () => {
    for (const map of [fibreRelief(64), fluteRelief(64)]) {
      expect(map.data).toHaveLength(64 * 64 * 4);
      for (let i = 0; i < map.data.length; i += 4 * 97) {
        const n = [0, 1, 2].map((k) => map.data[i + k]! / 127.5 - 1);
        expect(Math.hypot(...n)).toBeGreaterThan(0.97);
        expect(Math.hypot(...n)).toBeLessThan(1.03);
        expect(n[2]).toBeGreaterThan(0);
      }
    }
    expect(fibreRelief(64)).toEqual(fibreRelief(64));
    // Flutes run across u: the normal's x swings, its y stays flat.
    const f = fluteRelief(64, 4, 1);
    const xs = Array.from({ length: 64 }, (_, x) => f.data[(10 * 64 + x) * 4]!);
    expect(Math.max(...xs) - Math.min(...xs)).toBeGreaterThan(60);
  });

  it('darkens the floor under the pack and fades to nothing at the quad’s edge', () => {
    expect(footprintAlpha(0.5, 0.5, 0.3)).toBeGreaterThan(0.4);
    expect(footprintAlpha(0, 0.5, 0.3)).toBeCloseTo(0, 6);
    expect(footprintAlpha(0.5, 1, 0.3)).toBeCloseTo(0, 6);
    expect(footprintAlpha(0.3, 0.5, 0.3)).toBeGreaterThan(footprintAlpha(0.15, 0.5, 0.3));
    const data = footprintShadow(16, 0.3);
    expect(data[(8 * 16 + 8) * 4 + 3]).toBeGreaterThan(100);
    expect(data[3]).toBe(0);
  });
});

describe('view', () => {
  it('frames the whole pack, tighter on a wide canvas than on a phone', () => {
    const size = { width: 60, height: 150, depth: 40 };
    const desktop = fitDistance(size, 1280 / 800);
    const phone = fitDistance(size, 390 / 500);
    expect(desktop).toBeGreaterThan((0.5 * Math.hypot(60, 150, 40)) / Math.sin((15 * Math.PI) / 180));
    expect(phone).toBeGreaterThan(desktop);
    const [x, y, z] = orbitPosition([0, 75, 0], 0, 0, 500);
    expect([x, y, z]).toEqual([0, 75, 500]);
  });

  it('starts boxes from a three-quarter view, round bodies square on, lying boxes from above', () => {
    expect(defaultDirection('box').yawDeg).toBeGreaterThan(20);
    expect(defaultDirection('round').yawDeg).toBe(0);
    expect(defaultDirection('lying-box').pitchDeg).toBeGreaterThan(defaultDirection('box').pitchDeg);
  });

  it('maps arrows to turns, + and − to zoom, 0 and Home to reset, and nothing else', () => {
    expect(viewCommandForKey('ArrowLeft')).toEqual({ kind: 'rotate', yawDeg: -10, pitchDeg: 0 });
    expect(viewCommandForKey('ArrowUp', true)).toEqual({ kind: 'rotate', yawDeg: 0, pitchDeg: 40 });
    expect(viewCommandForKey('+')).toMatchObject({ kind: 'zoom' });
    expect((viewCommandForKey('+') as { factor: number }).factor).toBeLessThan(1);
    expect((viewCommandForKey('-') as { factor: number }).factor).toBeGreaterThan(1);
    expect(viewCommandForKey('Home')).toEqual({ kind: 'reset' });
    expect(viewCommandForKey('a')).toBeNull();
    expect(viewCommandForKey('Tab')).toBeNull();
  });

  it('animates towards a target, or jumps there when the user asks for reduced motion', () => {
    expect(approach(0, 1, 0.1, 1, false)).toBeCloseTo(0.1, 9);
    expect(approach(0.95, 1, 0.1, 1, false)).toBe(1);
    expect(approach(1, 0, 0.25, 1, false)).toBeCloseTo(0.75, 9);
    expect(approach(0, 1, 0.016, 1, true)).toBe(1);
  });
});

describe('the lazy chunk', () => {
  const src = join(dirname(fileURLToPath(import.meta.url)), '../../..');
  const here = relative(src, dirname(fileURLToPath(import.meta.url)));

  function files(dir: string): string[] {
    return readdirSync(dir).flatMap((f) => {
      const p = join(dir, f);
      return statSync(p).isDirectory() ? files(p) : /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) ? [p] : [];
    });
  }

  it('keeps three.js and the preview’s code out of every module but the preview’s own (pages load it lazily)', () => {
    const offenders: string[] = [];
    const all = files(src);
    expect(all.length).toBeGreaterThan(50);
    for (const file of all) {
      const rel = relative(src, file);
      if (rel.startsWith(here)) continue;
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/^\s*import\s+(type\s+)?[^'";]*?from\s+['"]([^'"]+)['"]/gms)) {
        const spec = m[2]!;
        const typeOnly = m[1] !== undefined;
        const three = /^(three|@react-three\/|@packsmith\/design-engine)/.test(spec);
        const preview = /preview3d\/(?!types$)/.test(spec);
        if ((three || preview) && !typeOnly) offenders.push(`${rel}: ${spec}`);
      }
    }
    expect(offenders).toEqual([]);
  });
});
