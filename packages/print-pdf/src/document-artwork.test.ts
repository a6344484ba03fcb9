import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { EditorDocumentSchema, type EditorDocument, type EditorLayer } from '@packsmith/contracts';
import { artwork as engineArtwork } from '@packsmith/design-engine';
import { renderDieline } from '@packsmith/design-engine/dieline';
import { FIRST_BASELINE_EM, MM_PER_PT, newDocument, panelToSheet } from '@packsmith/editor';
import { FDA_SAMPLE_NUTRIENTS, FDA_SAMPLE_SERVING, computeLabel, drawingToSvg, renderLabel, svgToDrawing } from '@packsmith/nutrition';
import sharp from 'sharp';
import { beforeAll, describe, expect, it } from 'vitest';
import { LABEL_FONT, type DocumentArtwork } from './document-artwork.js';
import { exportPrintPdf, type PrintPdfResult } from './export.js';
import { pageGeometry } from './geometry.js';
import { readPrintPdf, type PrintPdfReadBack } from './read-back.js';
import { interFonts } from './test-fixtures.js';
import { svgPicture } from './svg-artwork.js';

const base = { name: 'layer', rotation: 0, opacity: 1, locked: false, hidden: false };
const dims = { length: 70, width: 30, height: 120 };
const info = { boxName: 'Straight tuck end box', inside: dims, board: '0.45 mm SBS', date: '2026-12-02' };

/** The shipped face a family names (the server's resolver does the same, with weight fallback). */
const face = (family: string, weight: number, italic: boolean) =>
  new Uint8Array(readFileSync(engineArtwork.fontFace(family.toLowerCase().replace(/\s+/g, '-') as engineArtwork.FontPackage, weight, italic).file));
const picture = (svg: string, widthPx: number) => svgPicture(svg, widthPx);

async function photo(width: number, height: number): Promise<string> {
  const png = await sharp({ create: { width, height, channels: 3, background: '#6b8f71' } })
    .composite([
      {
        input: Buffer.from(
          `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}"><circle cx="${width / 2}" cy="${height / 2}" r="${height / 3}" fill="#f2e8cf"/></svg>`,
        ),
      },
    ])
    .png()
    .toBuffer();
  return `data:image/png;base64,${png.toString('base64')}`;
}

function withLayers(doc: EditorDocument, layers: Record<string, EditorLayer[]>): EditorDocument {
  return EditorDocumentSchema.parse({ ...doc, panels: doc.panels.map((p) => ({ ...p, layers: layers[p.panel_id] ?? p.layers })) });
}

describe('the print PDF of an editor document: drawn layer by layer', () => {
  let doc: EditorDocument;
  let result: PrintPdfResult;
  let back: PrintPdfReadBack;
  const title: Extract<EditorLayer, { kind: 'text' }> = {
    ...base,
    id: 'title',
    kind: 'text',
    x: 8,
    y: 20,
    w: 54,
    h: 14,
    text: 'Leaf & Co',
    font: { family: 'Playfair Display', weight: 700, italic: false },
    size_pt: 24,
    tracking: 20,
    line_height: 1.2,
    align: 'left',
    colour: '#23412b',
  };
  const onTop: Extract<EditorLayer, { kind: 'text' }> = { ...title, id: 'top-text', x: 5, y: 5, w: 60, h: 10, text: 'Open here', size_pt: 10, tracking: 0 };

  beforeAll(async () => {
    const blank = newDocument(102, dims, 0.45);
    doc = withLayers(blank, {
      front: [
        { ...base, id: 'bg', kind: 'background', x: 0, y: 0, w: 70.45, h: 120.9, fill: { type: 'colour', colour: '#dfe8d8' } },
        {
          ...base,
          id: 'photo',
          kind: 'image',
          x: 10,
          y: 40,
          w: 50,
          h: 40,
          url: await photo(1800, 1200),
          natural: { width: 1800, height: 1200 },
          crop: { x: 0.1, y: 0, w: 0.8, h: 1 },
        },
        title,
        {
          ...base,
          id: 'badge',
          kind: 'shape',
          shape: 'ellipse',
          x: 45,
          y: 90,
          w: 18,
          h: 18,
          rotation: 15,
          opacity: 0.8,
          fill: '#f2e8cf',
          stroke: { colour: '#23412b', width_mm: 0.5 },
          corner_radius_mm: 0,
        },
        {
          ...base,
          id: 'leaf',
          kind: 'icon',
          icon: 'leaf',
          x: 10,
          y: 92,
          w: 12,
          h: 12,
          body: '<path d="M4 20 C4 10 10 4 20 4 C20 14 14 20 4 20 Z"/>',
          colour: '#23412b',
          stroke_width: 2,
        },
      ],
      back: [
        {
          ...base,
          id: 'grad',
          kind: 'background',
          x: 0,
          y: 0,
          w: 70.45,
          h: 120.9,
          fill: {
            type: 'linear',
            angle: 90,
            stops: [
              { offset: 0, colour: '#dfe8d8' },
              { offset: 1, colour: '#6b8f71' },
            ],
          },
        },
        {
          ...base,
          id: 'ean',
          kind: 'barcode',
          symbology: 'ean13',
          digits: '4006381333931',
          x: 20,
          y: 80,
          w: 37.29,
          h: 25.93,
          colour: '#000000',
          background: '#ffffff',
        },
      ],
      top: [onTop],
    });
    const art: DocumentArtwork = { kind: 'document', document: doc, face, picture };
    result = await exportPrintPdf({ dieline: renderDieline(102, { ...dims, thickness: 0.45 }), artwork: art, fonts: interFonts(), info });
    back = await readPrintPdf(result.bytes);
  });

  it('sets the text live in subsets of the faces it names, in the Artwork layer', () => {
    const playfair = back.fonts.find((f) => /^[A-Z]{6}\+PlayfairDisplay-Bold$/.test(f.baseFont));
    expect(playfair?.embedded).toBe('FontFile2');
    // The barcode's digits are text too, in Inter.
    const artworkFonts = new Set(back.texts.filter((t) => t.layers.includes('Artwork')).map((t) => t.font));
    expect([...artworkFonts].some((f) => f.endsWith('+PlayfairDisplay-Bold'))).toBe(true);
    expect([...artworkFonts].some((f) => /\+Inter/.test(f))).toBe(true);
    expect(back.fonts.every((f) => f.embedded !== null)).toBe(true);
    expect(result.layers).toMatchObject({ fonts: 2, images: 1, pictureLayers: 1 });
    expect(result.artwork).toBeNull();
  });

  it('embeds the photo at its own pixels, its crop placed over the layer', () => {
    const photoImages = back.images.filter((i) => i.width === 1800 && i.height === 1200);
    // Drawn twice (grown into the bleed, then exactly clipped): one image object either way.
    expect(photoImages.length).toBe(2);
    expect(new Set(photoImages.map((i) => i.key)).size).toBe(1);
    // 50 mm over 80 % of the width: the whole image is 62.5 mm wide on the page.
    expect(Math.abs(photoImages[0]!.placedWidthPt) / (72 / 25.4)).toBeCloseTo(62.5, 2);
    expect(photoImages.every((i) => i.layers.includes('Artwork'))).toBe(true);
  });

  it('places the text where the document frames it, on a turned panel too', () => {
    const geo = pageGeometry(renderDieline(102, { ...dims, thickness: 0.45 }));
    const front = doc.dieline.panels.find((p) => p.id === 'front')!;
    const top = doc.dieline.panels.find((p) => p.id === 'top')!;
    const baseline = (l: typeof title) => l.y + l.size_pt * MM_PER_PT * FIRST_BASELINE_EM;
    const expectAt = (panel: typeof front, x: number, y: number) => {
      const sheet = panelToSheet(panel, { x, y });
      const want = geo.toPage(sheet.x, sheet.y);
      const hit = back.texts.find((t) => Math.abs(t.x - want.x) < 0.01 && Math.abs(t.y - want.y) < 0.01);
      expect(hit, `${panel.id} text at ${x},${y}`).toBeDefined();
    };
    expectAt(front, title.x, baseline(title));
    // The top panel is turned 180°: its upright top-left is the sheet's bottom-right of the panel.
    expectAt(top, onTop.x, baseline(onTop));
  });

  it('strokes a line icon as its paths on the 24-unit grid fitted to its box', () => {
    const geo = pageGeometry(renderDieline(102, { ...dims, thickness: 0.45 }));
    const front = doc.dieline.panels.find((p) => p.id === 'front')!;
    // The leaf's path starts at (4, 20) of its grid; the 12 mm box puts a grid unit at 0.5 mm from (10, 92).
    const page = (x: number, y: number) => {
      const sheet = panelToSheet(front, { x, y });
      return geo.toPage(sheet.x, sheet.y);
    };
    const start = page(12, 102);
    const tip = page(20, 94);
    const leaf = back.strokes.find(
      (st) =>
        st.layers.includes('Artwork') && st.subpaths.some((sp) => Math.abs(sp.points[0]!.x - start.x) < 0.01 && Math.abs(sp.points[0]!.y - start.y) < 0.01),
    );
    expect(leaf?.colourSpace).toBe('DeviceRGB');
    const ends = leaf!.subpaths[0]!.points.filter((p) => !p.control);
    expect(ends.some((p) => Math.abs(p.x - tip.x) < 0.01 && Math.abs(p.y - tip.y) < 0.01)).toBe(true);
    expect(leaf!.subpaths[0]!.closed).toBe(true);
  });

  it('draws only what PDF cannot take as pictures, and keeps the cut and crease out of the artwork', () => {
    const pictures = back.images.filter((i) => !(i.width === 1800 && i.height === 1200));
    // Only the gradient background (300 dpi: 76.45 mm → 903 px), drawn twice; the icon is stroked as paths.
    expect(pictures.map((i) => i.width)).toEqual([903, 903]);
    const artStrokes = back.strokes.filter((s) => s.layers.includes('Artwork'));
    expect(artStrokes.length).toBeGreaterThan(0);
    expect(artStrokes.every((s) => s.colourSpace === 'DeviceRGB')).toBe(true);
    for (const ink of ['CutContour', 'Crease']) {
      const key = [...back.colourSpaces].find(([, v]) => v.ink === ink)?.[0];
      expect(back.colourSpaceUses.filter((u) => u.key === key).every((u) => u.layers.includes(ink))).toBe(true);
    }
  });

  it('is the same bytes for the same document', async () => {
    const again = await exportPrintPdf({
      dieline: renderDieline(102, { ...dims, thickness: 0.45 }),
      artwork: { kind: 'document', document: doc, face, picture },
      fonts: interFonts(),
      info,
    });
    expect(Buffer.from(again.bytes).equals(Buffer.from(result.bytes))).toBe(true);
  });
});

describe('a nutrition label in the print PDF', () => {
  const arimo = (weight: number, italic: boolean) => {
    const root = dirname(createRequire(import.meta.url).resolve('@expo-google-fonts/arimo/package.json'));
    const style =
      weight >= 600
        ? italic
          ? '700Bold_Italic/Arimo_700Bold_Italic'
          : '700Bold/Arimo_700Bold'
        : italic
          ? '400Regular_Italic/Arimo_400Regular_Italic'
          : '400Regular/Arimo_400Regular';
    return new Uint8Array(readFileSync(join(root, `${style}.ttf`)));
  };
  const labelFace = (family: string, weight: number, italic: boolean) => (family === LABEL_FONT ? arimo(weight, italic) : face(family, weight, italic));
  const drawing = renderLabel(computeLabel({ region: 'us', format: 'standard', serving: FDA_SAMPLE_SERVING, nutrients: FDA_SAMPLE_NUTRIENTS }));
  const layer: Extract<EditorLayer, { kind: 'nutrition' }> = {
    ...base,
    id: 'facts',
    kind: 'nutrition',
    project_id: 'nutrition-1',
    x: 12,
    y: 30,
    w: 40,
    h: 80,
    svg: drawingToSvg(drawing),
  };
  let back: PrintPdfReadBack;
  let result: PrintPdfResult;
  beforeAll(async () => {
    const doc = withLayers(newDocument(102, dims), { back: [layer] });
    result = await exportPrintPdf({
      dieline: renderDieline(102, { ...dims, thickness: 0.45 }),
      artwork: { kind: 'document', document: doc, face: labelFace, picture },
      fonts: interFonts(),
      info,
    });
    back = await readPrintPdf(result.bytes);
  });

  it('is set again as text in subsets of Arimo and rules, not drawn as a picture', () => {
    expect(result.layers).toMatchObject({ pictureLayers: 0, vectorLayers: 1 });
    expect(back.images).toEqual([]);
    const arimoTexts = back.texts.filter((t) => t.layers.includes('Artwork') && /^[A-Z]{6}\+Arimo-(Bold|Regular|Italic|BoldItalic)$/.test(t.font));
    // The runs as the layer's SVG holds them (two plain spans side by side read back as one).
    const runs = svgToDrawing(layer.svg)!.items.flatMap((i) => (i.kind === 'text' ? i.spans.filter((s) => s.text) : []));
    expect(runs.some((r) => r.weight === 'black') && runs.some((r) => r.italic)).toBe(true);
    // Each panel is drawn twice (grown by the bleed, then exact): every run twice.
    expect(arimoTexts).toHaveLength(2 * runs.length);
    expect(back.fonts.filter((f) => /\+Arimo-/.test(f.baseFont)).every((f) => f.embedded === 'FontFile2')).toBe(true);
  });

  it('puts the label where the editor draws it: fitted in its box and centred', () => {
    const doc = withLayers(newDocument(102, dims), { back: [layer] });
    const panel = doc.dieline.panels.find((p) => p.id === 'back')!;
    const geo = pageGeometry(renderDieline(102, { ...dims, thickness: 0.45 }));
    const s = Math.min(layer.w / drawing.width_mm, layer.h / drawing.height_mm);
    const first = drawing.items.find((i) => i.kind === 'text' && i.anchor === undefined)!;
    const at = panelToSheet(panel, {
      x: layer.x + (layer.w - drawing.width_mm * s) / 2 + first.x * s,
      y: layer.y + (layer.h - drawing.height_mm * s) / 2 + first.y * s,
    });
    const want = geo.toPage(at.x, at.y);
    expect(back.texts.some((t) => Math.abs(t.x - want.x) < 0.01 && Math.abs(t.y - want.y) < 0.01)).toBe(true);
  });
});
