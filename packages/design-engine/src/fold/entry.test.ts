import { readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * The web app bundles `@packsmith/design-engine/preview3d` (src/preview3d.ts): nothing in its
 * import graph may need Node or a native module. This walks the graph the way a bundler does:
 * type-only imports vanish, every other import is followed (into the contracts package too).
 */

const here = dirname(fileURLToPath(import.meta.url));
const packagesDir = resolve(here, '../../..');
const ENTRY = resolve(here, '../preview3d.ts');

/** Packages the browser entry may load (pure JavaScript). */
const ALLOWED_PACKAGES = new Set(['@packsmith/contracts', 'zod']);
const NODE_ONLY = /^(node:|sharp$|@resvg\/|fs$|path$|os$|worker_threads$|child_process$|module$)/;

interface Import {
  readonly specifier: string;
  readonly typeOnly: boolean;
}

function staticImports(source: string): Import[] {
  const out: Import[] = [];
  const re = /^\s*(import|export)\s+(type\s+)?(?:([^'";]*?)\s+from\s+)?['"]([^'"]+)['"]/gms;
  for (const m of source.matchAll(re)) {
    const clause = (m[3] ?? '').trim();
    const named = /^\{([^}]*)\}$/s.exec(clause);
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

function resolveLocal(from: string, specifier: string): string {
  if (specifier === '@packsmith/contracts') return resolve(packagesDir, 'contracts/src/index.ts');
  return resolve(dirname(from), specifier.replace(/\.js$/, '.ts'));
}

function walk(entry: string): { files: Set<string>; packages: Set<string> } {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = [entry];
  while (queue.length) {
    const file = queue.pop()!;
    if (files.has(file)) continue;
    files.add(file);
    for (const imp of staticImports(readFileSync(file, 'utf8'))) {
      if (imp.typeOnly) continue;
      if (imp.specifier.startsWith('.') || imp.specifier === '@packsmith/contracts') {
        queue.push(resolveLocal(file, imp.specifier));
        if (imp.specifier === '@packsmith/contracts') packages.add(imp.specifier);
      } else {
        packages.add(imp.specifier);
      }
    }
  }
  return { files, packages };
}

describe('the browser entry (preview3d.ts)', () => {
  it('reads imports as a bundler does', () => {
    const found = staticImports(
      [
        "import { a } from './a.js';",
        "import type { B } from './b.js';",
        "import { type C, type D } from './c.js';",
        "import {\n  type E,\n  f,\n} from './e.js';",
        "export * from './g.js';",
        "export type { H } from './h.js';",
        "import 'side-effect';",
      ].join('\n'),
    );
    expect(found).toEqual([
      { specifier: './a.js', typeOnly: false },
      { specifier: './b.js', typeOnly: true },
      { specifier: './c.js', typeOnly: true },
      { specifier: './e.js', typeOnly: false },
      { specifier: './g.js', typeOnly: false },
      { specifier: './h.js', typeOnly: true },
      { specifier: 'side-effect', typeOnly: false },
    ]);
  });

  it('loads no Node built-in, sharp or resvg anywhere in its import graph', () => {
    const { files, packages } = walk(ENTRY);
    expect(files.size).toBeGreaterThan(10);
    const builtins = new Set(builtinModules);
    const nodeOnly = [...packages].filter((p) => NODE_ONLY.test(p) || builtins.has(p));
    expect(nodeOnly).toEqual([]);
    expect([...packages].filter((p) => !ALLOWED_PACKAGES.has(p))).toEqual([]);
    // The software renderer's sharp-backed files stay out.
    const names = [...files].map((f) => f.slice(packagesDir.length));
    expect(names.some((n) => n.endsWith('render3d/packshot.ts'))).toBe(false);
    expect(names.some((n) => n.endsWith('artwork/fonts.ts'))).toBe(false);
  });
});
