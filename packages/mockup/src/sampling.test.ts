import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { LINEAR_TO_SRGB, OUT_STEPS, SRGB_TO_LINEAR } from './sampling.js';

describe('sampling (shared by the render and the web live preview)', () => {
  it('imports nothing, so the browser can load it (@packsmith/mockup/sampling)', () => {
    const source = readFileSync(new URL('./sampling.ts', import.meta.url), 'utf8');
    expect(source).not.toMatch(/^\s*import\s/m);
    expect(source).not.toMatch(/\brequire\(/);
  });

  it('round-trips every sRGB byte through linear light', () => {
    for (let v = 0; v < 256; v++) expect(LINEAR_TO_SRGB[Math.round((SRGB_TO_LINEAR[v] ?? 0) * OUT_STEPS)]).toBe(v);
  });
});
