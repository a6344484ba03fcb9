import { EditorDocumentSchema } from '@packsmith/contracts';
import { artwork } from '@packsmith/design-engine';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { applyCommand } from '../commands.js';
import { panelSvg } from '../render-svg.js';
import { panelWarnings } from '../warnings.js';
import { documentFromDesign } from './index.js';

/*
 * A real design of the engine: design 0 of a set is planDesign(brief, seed) (plan-set.ts), so
 * brief + seed is the design. The document must hold its words as text layers and draw the same
 * picture as the engine's own panel artwork.
 */
const brief = { product: 'Oat milk', brand: 'Nordbake', boxId: 101, element: ['oats'], style: ['minimalist'], color: [] as string[] };
const SEED = 7;

async function pixels(svg: string, width: number): Promise<Buffer> {
  const png = artwork.svgToPng(svg, width);
  return sharp(png).removeAlpha().raw().toBuffer();
}

describe('a design as a document', () => {
  const { document, notLaidOut } = documentFromDesign({ brief, seed: SEED });
  const plan = artwork.planDesign({ ...brief, box: '101', seed: SEED }, SEED);
  const front = artwork.renderPanelArt({
    brief: { ...brief, box: '101', seed: SEED },
    panel: { role: 'front', widthMm: 60.45, heightMm: 150.9 },
    seed: SEED,
    plan,
  });

  it('is a valid document of every panel of the box', () => {
    expect(EditorDocumentSchema.safeParse(document).success).toBe(true);
    expect(document.panels.map((p) => p.panel_id)).toEqual(document.dieline.panels.map((p) => p.id));
    expect(notLaidOut).toEqual([]);
    // Every panel has its ground, so flaps print in the design's colour.
    for (const p of document.panels) expect(p.layers[0]?.kind).toBe('background');
  });

  it('holds every word of the front as an editable text layer with its font, size and colour', () => {
    const texts = document.panels.find((p) => p.panel_id === 'front')!.layers.filter((l) => l.kind === 'text');
    expect(texts.map((t) => t.text)).toEqual(front.textZones.map((z) => z.lines.join('\n')));
    for (const [i, z] of front.textZones.entries()) {
      const t = texts[i]!;
      expect(t.font.family).toBe(z.fontFamily);
      expect(t.colour).toBe(z.fill);
      expect((t.size_pt * 25.4) / 72).toBeCloseTo(z.sizeMm, 3);
      // The layer's box lies over the engine's clear zone (ink plus padding).
      const cx = t.x + t.w / 2;
      expect(cx).toBeGreaterThan(z.x);
      expect(cx).toBeLessThan(z.x + z.w);
    }
    expect(texts.some((t) => t.text === 'Nordbake')).toBe(true);
  });

  it('keeps the icons as icon layers and the rest of the drawing as vector layers', () => {
    const kinds = document.panels.find((p) => p.panel_id === 'front')!.layers.map((l) => l.kind);
    expect(kinds).toContain('icon');
    expect(kinds[0]).toBe('background');
  });

  it('draws the front as the engine does: closer than the same document with its wordmark moved by 1 mm', async () => {
    const asPanel = (svg: string) => svg.replace(/width="[^"]+" height="[^"]+" viewBox="[^"]+"/, 'width="60.45mm" height="150.9mm" viewBox="0 0 60.45 150.9"');
    const brand = document.panels.find((p) => p.panel_id === 'front')!.layers.find((l) => l.kind === 'text' && l.text === 'Nordbake')!;
    const moved = applyCommand(document, { type: 'move', ids: [brand.id], dx: 1, dy: 0 });
    const [engine, ours, off] = await Promise.all([
      pixels(front.svg, 242),
      pixels(asPanel(panelSvg(document, 'front')), 242),
      pixels(asPanel(panelSvg(moved, 'front')), 242),
    ]);
    const difference = (a: Buffer, b: Buffer) => {
      expect(a.length).toBe(b.length);
      let d = 0;
      for (let i = 0; i < a.length; i++) d += Math.abs(a[i]! - b[i]!);
      return d / a.length / 255;
    };
    const same = difference(engine, ours);
    const control = difference(engine, off);
    expect(same).toBeLessThan(0.004);
    expect(same).toBeLessThan(control / 2);
  });

  it('has no fold or safe-zone warning on the front (the engine keeps its type in the safe area)', () => {
    expect(panelWarnings(document, 'front').filter((w) => w.kind === 'fold')).toEqual([]);
  });
});

describe('designs of every style as documents', () => {
  // The chat's designs come in every style family: each family's layouts must make a document the
  // contract takes (a botanical wreath once turned its leaves past 360° and the editor refused to open it).
  const boxes = [102, 101];
  it.each(artwork.STYLE_FAMILIES.map((style) => [style]))('%s designs pass the document schema', (style) => {
    for (const boxId of boxes) {
      for (const seed of [1, 2, 3, 4]) {
        const made = documentFromDesign({
          brief: { product: 'Organic green tea', brand: 'Leaf & Co', boxId, element: ['tea leaves'], style: [style], color: ['sage green'] },
          seed: seed * 7919,
        });
        const checked = EditorDocumentSchema.safeParse(JSON.parse(JSON.stringify(made.document)));
        expect(checked.success ? 'valid' : `box ${boxId} seed ${seed}: ${checked.error.issues[0]?.path.join('.')} ${checked.error.issues[0]?.message}`).toBe(
          'valid',
        );
      }
    }
  });
});
