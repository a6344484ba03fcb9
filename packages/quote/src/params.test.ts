import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { checkFreightParams } from './freight.js';
import { DEFAULT_QUOTE_PARAMS, describeParams, resolveParams, valuesOf } from './params.js';
import { withParamsTable } from './params-doc.js';

const docPath = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/QUOTE-ENGINE.md');

describe('parameter table', () => {
  it('documents every entry with a unit, an evidence tag and a source', () => {
    for (const row of describeParams()) {
      expect(row.unit, row.name).not.toBe('');
      expect(['S', 'C', 'A']).toContain(row.tag);
      expect(row.source.length, row.name).toBeGreaterThan(10);
    }
  });

  it('docs/QUOTE-ENGINE.md lists every parameter as the code has it (node packages/quote/scripts/write-params-doc.mjs)', () => {
    const doc = fs.readFileSync(docPath, 'utf8');
    // Compare table rows cell by cell, so a formatter's column padding does not matter.
    const rows = (text: string) =>
      text
        .split('\n')
        .filter((l) => l.startsWith('|') && !/^\|[\s|:-]+\|$/.test(l))
        .map((l) =>
          l
            .split(/(?<!\\)\|/)
            .map((c) => c.trim())
            .join('|'),
        );
    const inDoc = new Set(rows(doc));
    const expected = rows(withParamsTable(doc));
    for (const row of expected) expect(inDoc.has(row), row.slice(0, 80)).toBe(true);
    for (const name of Object.keys(DEFAULT_QUOTE_PARAMS)) expect(expected.some((r) => r.startsWith(`|\`${name}\`|`))).toBe(true);
  });

  it('freight rates keep the unit price from rising at the parcel/pallet switch', () => {
    expect(checkFreightParams(valuesOf(resolveParams()))).toEqual([]);
    expect(checkFreightParams(valuesOf(resolveParams({ parcel_max_kg: 20 })))).not.toEqual([]);
  });

  it('an override replaces one value and keeps its documentation', () => {
    const p = resolveParams({ margin: 0.5 });
    expect(p.margin.value).toBe(0.5);
    expect(p.margin.source).toBe(DEFAULT_QUOTE_PARAMS.margin.source);
    expect(p.plate_cost.value).toBe(DEFAULT_QUOTE_PARAMS.plate_cost.value);
  });
});
