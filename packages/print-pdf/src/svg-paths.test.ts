import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { iconSubpaths, pathData, type Segment, type Subpath } from './svg-paths.js';

/** Points along a subpath (each cubic sampled), to compare with the shape it should be. */
function sample(p: Subpath, steps = 16): { x: number; y: number }[] {
  const out = [{ x: p.x, y: p.y }];
  let from = { x: p.x, y: p.y };
  for (const s of p.segments) {
    if (s.kind === 'L') out.push({ x: s.x, y: s.y });
    else {
      for (let i = 1; i <= steps; i++) {
        const t = i / steps;
        const u = 1 - t;
        out.push({
          x: u * u * u * from.x + 3 * u * u * t * s.x1 + 3 * u * t * t * s.x2 + t * t * t * s.x,
          y: u * u * u * from.y + 3 * u * u * t * s.y1 + 3 * u * t * t * s.y2 + t * t * t * s.y,
        });
      }
    }
    from = { x: s.x, y: s.y };
  }
  return out;
}
const end = (s: Segment) => [s.x, s.y];

describe('line icons as vector subpaths', () => {
  it('reads absolute and relative moves, lines, H/V and closes', () => {
    const [p] = pathData('M2 3h4v5l-1 1 L2 3z')!;
    expect([p!.x, p!.y]).toEqual([2, 3]);
    expect(p!.segments.map(end)).toEqual([
      [6, 3],
      [6, 8],
      [5, 9],
      [2, 3],
    ]);
    expect(p!.closed).toBe(true);
    // Numbers run together as SVG allows: "1.5.5" and "1-2".
    expect(pathData('M1.5.5l1-2')![0]!.segments.map(end)).toEqual([[2.5, -1.5]]);
  });

  it('turns arcs into cubics that stay on the circle, flags written together too', () => {
    for (const d of ['M2 12A10 10 0 0 1 22 12', 'M2 12a10 10 0 0120 0', 'M2 12a10 10 0 1 0 20 0']) {
      const [p] = pathData(d)!;
      const last = p!.segments.at(-1)!;
      expect(last.x).toBeCloseTo(22, 9);
      expect(last.y).toBeCloseTo(12, 9);
      for (const q of sample(p!)) expect(Math.abs(Math.hypot(q.x - 12, q.y - 12) - 10)).toBeLessThan(0.003);
    }
    // Sweep 1 from the left goes over the top (y < 12 in y-down space); the large-arc sweep-0 one too, the long way.
    expect(sample(pathData('M2 12A10 10 0 0 1 22 12')![0]!).some((q) => q.y < 3)).toBe(true);
    expect(sample(pathData('M2 12a10 10 0 0 0 20 0')![0]!).some((q) => q.y > 21)).toBe(true);
  });

  it('reflects S and T control points, and makes quadratics exact cubics', () => {
    const [p] = pathData('M0 0C1 1 2 1 3 0S5 -1 6 0Q7 1 8 0T10 0')!;
    const [, s, q, t] = p!.segments as Extract<Segment, { kind: 'C' }>[];
    expect([s!.x1, s!.y1]).toEqual([4, -1]);
    expect([q!.x1, q!.y1].map((v) => +v.toFixed(6))).toEqual([6 + 2 / 3, 2 / 3].map((v) => +v.toFixed(6)));
    // T's control point is Q's (7, 1) reflected about (8, 0): (9, -1).
    expect([t!.x1, t!.y1].map((v) => +v.toFixed(6))).toEqual([8 + (2 / 3) * 1, -(2 / 3)].map((v) => +v.toFixed(6)));
  });

  it('takes the shapes lucide draws with and refuses markup it cannot stroke as it is', () => {
    const shapes = iconSubpaths(
      '<circle cx="12" cy="12" r="10"/><rect width="18" height="18" x="3" y="3" rx="2"/><line x1="2" x2="22" y1="12" y2="12"/><polyline points="1 2 3 4 5 6"/><polygon points="0,0 4,0 2,3"/>',
    )!;
    expect(shapes).toHaveLength(5);
    expect(shapes[0]!.segments.map(end).at(-1)).toEqual([22, 12]);
    expect(shapes[4]!.closed).toBe(true);
    expect(iconSubpaths('<path d="M2 2h4" transform="rotate(4)"/>')).toBeNull();
    expect(iconSubpaths('<circle cx="12" cy="12" r="2" fill="currentColor"/>')).toBeNull();
    expect(iconSubpaths('<text x="1" y="1">A</text>')).toBeNull();
    expect(iconSubpaths('<path d="M2 2 X 4"/>')).toBeNull();
  });

  it('strokes nearly every lucide icon as vectors', () => {
    const dir = join(dirname(createRequire(import.meta.url).resolve('lucide-static/package.json')), 'icons');
    const files = readdirSync(dir).filter((f) => f.endsWith('.svg'));
    const refused: string[] = [];
    for (const f of files) {
      const body = /<svg[^>]*>([\s\S]*?)<\/svg>/
        .exec(readFileSync(join(dir, f), 'utf8'))![1]!
        .replace(/<!--[\s\S]*?-->/g, '')
        .replace(/\s*\n\s*/g, '');
      const paths = iconSubpaths(body);
      if (!paths) refused.push(f);
      else expect(paths.length, f).toBeGreaterThan(0);
    }
    expect(files.length).toBeGreaterThan(1000);
    expect(refused.length / files.length, refused.slice(0, 10).join(', ')).toBeLessThan(0.01);
  });
});
