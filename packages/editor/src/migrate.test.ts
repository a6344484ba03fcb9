import { describe, expect, it } from 'vitest';
import { EDITOR_DOCUMENT_VERSION } from '@packsmith/contracts';
import { newDocument } from './dieline.js';
import { textLayer } from './fixtures.js';
import { MigrationError, migrate } from './migrate.js';

/** A version 1 document as an older editor saved it: no guides, text without a line height. */
function version1(): Record<string, unknown> {
  const doc = newDocument(101);
  const { line_height: _lh, ...oldText } = textLayer('t1');
  const { guides: _g, ...rest } = doc;
  return {
    ...rest,
    version: 1,
    panels: doc.panels.map((p) => (p.panel_id === 'front' ? { ...p, layers: [oldText] } : p)),
  };
}

describe('migrations', () => {
  it('brings version 1 to the current version with the new fields at their defaults', () => {
    const doc = migrate(version1());
    expect(doc.version).toBe(EDITOR_DOCUMENT_VERSION);
    expect(doc.guides).toEqual({ bleed: true, safe: true, folds: true });
    const text = doc.panels.find((p) => p.panel_id === 'front')?.layers[0];
    expect(text).toMatchObject({ kind: 'text', line_height: 1.2, text: 'Hello' });
  });

  it('keeps a current document as it is', () => {
    const doc = newDocument(101);
    expect(migrate(JSON.parse(JSON.stringify(doc)))).toEqual(doc);
  });

  it('refuses a future version and a document without one', () => {
    expect(() => migrate({ ...newDocument(101), version: EDITOR_DOCUMENT_VERSION + 1 })).toThrow(/newer than this editor/);
    expect(() => migrate({})).toThrow(MigrationError);
    expect(() => migrate('x')).toThrow('document must be an object.');
  });

  it('names the field when the migrated document is still invalid', () => {
    const bad = version1();
    (bad.panels as { panel_id: string; layers: Record<string, unknown>[] }[])[1]!.layers[0]!.size_pt = 0;
    expect(() => migrate(bad)).toThrow(/panels\.1\.layers\.0\.size_pt/);
  });
});
