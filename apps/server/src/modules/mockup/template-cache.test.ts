import { describe, expect, it } from 'vitest';
import type { MockupTemplateRow } from './mockup-templates.repo.js';
import { createTemplateCache, type DecodedTemplate } from './template-cache.js';
import { facePixels, FACE_MAX_SIDE } from './design-faces.js';
import { ownMatte } from './mockup.jobs.js';

/** A decoded template of `side`² pixels (its bytes: 3 + 1 + 6 × 4 per pixel). */
function decoded(side: number): DecodedTemplate {
  const n = side * side;
  const f = () => new Float32Array(n);
  return {
    sceneRgb: Buffer.alloc(n * 3),
    maps: { width: side, height: side, surface: new Uint8Array(n), coverage: f(), u: f(), v: f(), shading: f(), specular: f(), depth: f(), surfaces: [] },
  };
}
const BYTES_PER_PIXEL = 3 + 1 + 6 * 4;
const row = (id: string) => ({ id, uvKey: `${id}-uv` }) as MockupTemplateRow;

describe('createTemplateCache', () => {
  it('decodes once per template, shares a decode in progress, and keeps the most recently used within the budget', async () => {
    const loads: string[] = [];
    const cache = createTemplateCache({
      budgetBytes: 2 * 10 * 10 * BYTES_PER_PIXEL,
      load: async (r) => {
        loads.push(r.id);
        return decoded(10);
      },
    });
    const [a1, a2] = await Promise.all([cache.get(row('a')), cache.get(row('a'))]);
    expect(a1).toBe(a2);
    await cache.get(row('b'));
    await cache.get(row('a'));
    // c pushes out the least recently used (b): the budget holds two.
    await cache.get(row('c'));
    expect(cache.size).toBe(2);
    await cache.get(row('a'));
    await cache.get(row('b'));
    expect(loads).toEqual(['a', 'b', 'c', 'b']);
  });

  it('forgets a failed decode, so the next render tries again; a template larger than the budget is still served', async () => {
    let fail = true;
    const cache = createTemplateCache({
      budgetBytes: 1,
      load: async () => {
        if (fail) throw new Error('missing file');
        return decoded(4);
      },
    });
    await expect(cache.get(row('a'))).rejects.toThrow('missing file');
    expect(cache.size).toBe(0);
    fail = false;
    await expect(cache.get(row('a'))).resolves.toMatchObject({ maps: { width: 4 } });
    expect(cache.size).toBe(1);
  });

  it('a template stored again (new map keys) is decoded again', async () => {
    let loads = 0;
    const cache = createTemplateCache({
      load: async () => {
        loads++;
        return decoded(2);
      },
    });
    await cache.get(row('a'));
    await cache.get({ ...row('a'), uvKey: 'a-uv-2' });
    expect(loads).toBe(2);
  });
});

describe('ownMatte', () => {
  it('a PNG’s alpha is the matte when part of it is transparent', () => {
    const alpha = new Uint8Array(1000).fill(255);
    alpha.fill(0, 0, 300);
    expect(ownMatte(alpha)).toBe(alpha);
  });

  it('an opaque (or almost wholly transparent) alpha says nothing', () => {
    expect(ownMatte(new Uint8Array(1000).fill(255))).toBeNull();
    const almost = new Uint8Array(1000).fill(255);
    almost.fill(0, 0, 5);
    expect(ownMatte(almost)).toBeNull();
    expect(ownMatte(new Uint8Array(1000))).toBeNull();
  });
});

describe('facePixels', () => {
  it('draws a face at 300 dpi of its size in mm', () => {
    expect(facePixels({ width: 25.4, height: 50.8 })).toEqual({ width: 300, height: 600 });
  });

  it('caps the longest side, keeping the proportions', () => {
    const big = facePixels({ width: 400, height: 200 });
    expect(big.width).toBe(FACE_MAX_SIDE);
    expect(big.height).toBe(FACE_MAX_SIDE / 2);
  });
});
