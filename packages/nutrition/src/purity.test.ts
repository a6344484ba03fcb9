import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The engine runs in the browser too (the live preview): its sources import only each other.
describe('the engine imports nothing outside itself', () => {
  const dir = dirname(fileURLToPath(import.meta.url));
  const sources = readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'));
  it.each(sources)('%s', (file) => {
    const code = readFileSync(join(dir, file), 'utf8');
    const specifiers = [...code.matchAll(/(?:import|export)[^'"]*from\s+'([^']+)'/g)].map((m) => m[1]);
    expect(specifiers.filter((s) => !s?.startsWith('./'))).toEqual([]);
    // Printed figures never pass through a float: no float parsing or float rounding outside the layout code
    // (svg.ts and metrics.ts place text in millimetres, which is geometry, not a declared amount).
    if (file !== 'svg.ts' && file !== 'metrics.ts') expect(code).not.toMatch(/parseFloat|toFixed\(|toPrecision\(|Math\.(round|floor|ceil)\(/);
  });
});
