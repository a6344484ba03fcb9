import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The engine runs in the browser too (the live preview): its sources import only each other.
describe('the engine imports nothing outside itself', () => {
  const dir = dirname(fileURLToPath(import.meta.url));
  const sources = (readdirSync(dir, { recursive: true }) as string[]).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  // Geometry, not declared amounts: these place text and rules in millimetres and may use floats.
  const geometry = (f: string) => f === 'svg.ts' || f === 'metrics.ts' || f === 'drawing.ts' || f.startsWith('layout/');
  it.each(sources)('%s', (file) => {
    const code = readFileSync(join(dir, file), 'utf8');
    const specifiers = [...code.matchAll(/(?:import|export)[^'"]*from\s+'([^']+)'/g)].map((m) => m[1] ?? '');
    for (const s of specifiers) {
      expect(s.startsWith('./') || s.startsWith('../'), `${file} imports ${s}`).toBe(true);
      expect(relative(dir, resolve(dir, dirname(file), s)).startsWith('..'), `${file} imports ${s} outside src`).toBe(false);
    }
    // Printed figures never pass through a float: no float parsing or float rounding outside the layout code.
    if (!geometry(file)) expect(code).not.toMatch(/parseFloat|toFixed\(|toPrecision\(|Math\.(round|floor|ceil)\(/);
  });
});
