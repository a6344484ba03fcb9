import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The web canvas bundles `@packsmith/editor` (src/index.ts): nothing in its import graph may need
 * Node or a native module. Walks the graph as a bundler does (type-only imports vanish), into the
 * contracts and the design engine's dieline entry. The from-design entry is Node-only by design.
 */

const here = dirname(fileURLToPath(import.meta.url));
const packagesDir = resolve(here, '../..');
const LOCAL: Readonly<Record<string, string>> = {
  '@packsmith/contracts': resolve(packagesDir, 'contracts/src/index.ts'),
  '@packsmith/design-engine/dieline': resolve(packagesDir, 'design-engine/src/dieline/index.ts'),
};
const ALLOWED_PACKAGES = new Set(['zod']);

function imports(source: string): { specifier: string; typeOnly: boolean }[] {
  const out: { specifier: string; typeOnly: boolean }[] = [];
  const re = /^\s*(import|export)\s+(type\s+)?(?:([^'";]*?)\s+from\s+)?['"]([^'"]+)['"]/gms;
  for (const m of source.matchAll(re)) {
    const named = /^\{([^}]*)\}$/s.exec((m[3] ?? '').trim());
    const allTypes =
      named !== null &&
      named[1]!
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
        .every((s) => s.startsWith('type '));
    out.push({ specifier: m[4]!, typeOnly: m[2] !== undefined || allTypes });
  }
  if (/\bimport\s*\(/.test(source.replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, ''))) out.push({ specifier: '<dynamic import>', typeOnly: false });
  return out;
}

function walk(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = [entry];
  while (queue.length) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    for (const imp of imports(readFileSync(file, 'utf8'))) {
      if (imp.typeOnly) continue;
      const local = LOCAL[imp.specifier];
      if (local) queue.push(local);
      else if (imp.specifier.startsWith('.')) queue.push(resolve(dirname(file), imp.specifier.replace(/\.js$/, '.ts')));
      else packages.add(imp.specifier);
    }
  }
  return { files, packages };
}

describe('the browser entry', () => {
  it('loads no Node built-in, native module or other package', () => {
    const { files, packages } = walk(resolve(here, 'index.ts'));
    expect([...packages].filter((p) => !ALLOWED_PACKAGES.has(p))).toEqual([]);
    expect([...files].some((f) => f.includes('/from-design/'))).toBe(false);
    expect([...files].some((f) => f.includes('design-engine/src/dieline/registry.ts'))).toBe(true);
  });
});
