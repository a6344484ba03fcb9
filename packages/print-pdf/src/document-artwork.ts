/**
 * The artwork of an editor document drawn into the PDF as the document holds it, not as a
 * picture of it: text as live text in subsets of the shipped faces, images embedded at their
 * own pixels with their crop, colour backgrounds, shapes and barcode bars as vector paths, a
 * nutrition label of the label generator as its text and rules again, line icons as stroked
 * paths. What PDF cannot take as it is (gradients, SVG logos, SVG images) is drawn as a picture of its drawn part at
 * {@link PICTURE_DPI}, in its place and order. Each panel is drawn as sheetSvg draws it: first grown by the bleed, then clipped
 * exactly to its panel on top, so the outside edge carries artwork past the cut and neighbours
 * meet at the fold. See docs/PRINT-PDF.md.
 */
import type { EditorDocument, EditorLayer, EditorPanel } from '@packsmith/contracts';
import {
  BARCODE_FONT,
  FIRST_BASELINE_EM,
  MAX_MAGNIFICATION,
  MIN_MAGNIFICATION,
  MM_PER_PT,
  barcodeGeometry,
  layerAloneSvg,
  magnificationFor,
  panelToSheet,
} from '@packsmith/editor';
import {
  appendBezierCurve,
  beginText,
  clip,
  closePath,
  concatTransformationMatrix,
  drawObject,
  endPath,
  endText,
  fill,
  lineTo,
  moveTo,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  setCharacterSpacing,
  setFillingRgbColor,
  setFontAndSize,
  setGraphicsState,
  setLineCap,
  setLineJoin,
  setLineWidth,
  LineCapStyle,
  LineJoinStyle,
  setStrokingRgbColor,
  setTextMatrix,
  showText,
  stroke,
  type PDFDocument,
  type PDFFont,
  type PDFName,
  type PDFOperator,
  type PDFPage,
} from 'pdf-lib';
import { svgToDrawing, type DrawText, type LabelDrawing } from '@packsmith/nutrition';
import { embedArtwork, type PlacedImage } from './artwork.js';
import { embedSubset } from './fonts.js';
import { ellipsePath, iconSubpaths, rectPath, type Subpath } from './svg-paths.js';
import type { PageGeometry } from './geometry.js';
import { PT_PER_MM } from './geometry.js';

/** Layers PDF cannot take as they are are drawn as pictures at this resolution (a background at {@link BACKGROUND_PICTURE_DPI}). */
export const PICTURE_DPI = 600;
export const BACKGROUND_PICTURE_DPI = 300;
/** A picture never exceeds this many pixels (a huge icon is drawn coarser rather than exhausting memory). */
const PICTURE_MAX_PX = 24_000_000;
/** The nutrition label's face in print (the label generator's PDF sets it too): Arimo, metric-compatible with its Helvetica/Arial stack. */
export const LABEL_FONT = 'Arimo';
const labelWeight = (w: DrawText['spans'][number]['weight']) => (w === undefined || w === 'regular' ? 400 : 700);

/** The artwork as the editor's document: drawn layer by layer (see the module comment). */
export interface DocumentArtwork {
  readonly kind: 'document';
  readonly document: EditorDocument;
  /** TrueType/OpenType bytes of the face a text layer names (the nearest weight and style its family ships). */
  readonly face: (family: string, weight: number, italic: boolean) => Uint8Array;
  /**
   * Draws one layer's SVG (layerAloneSvg) as a PNG with transparency, `widthPx` wide over the SVG's
   * whole box, of the part where something is drawn (`crop`, fractions of the box); null when
   * nothing is. Node: svgPicture from ./svg-artwork (resvg with the shipped fonts).
   */
  readonly picture: (svg: string, widthPx: number) => LayerPicture | null;
}

/** A layer drawn as a picture: its PNG and the part of the layer's box it covers (fractions 0…1). */
export interface LayerPicture {
  readonly png: Uint8Array;
  readonly crop: { readonly x: number; readonly y: number; readonly w: number; readonly h: number };
}

/** What went into the file: for the read-back and the export's record. */
export interface DocumentArtworkReport {
  /** Layers drawn as live text, vector paths and embedded images. */
  readonly vectorLayers: number;
  /** Layers drawn as pictures at PICTURE_DPI (gradients, SVG logos, SVG images…). */
  readonly pictureLayers: number;
  /** Embedded images (image layers, image backgrounds, image logos) at their own pixels. */
  readonly images: number;
  /** Faces embedded as subsets. */
  readonly fonts: number;
}

type Mat = readonly [number, number, number, number, number, number];

interface Rgb {
  r: number;
  g: number;
  b: number;
}

function hex(colour: string): Rgb {
  const v = Number.parseInt(colour.slice(1), 16);
  return { r: ((v >> 16) & 255) / 255, g: ((v >> 8) & 255) / 255, b: (v & 255) / 255 };
}

/** A label's CSS colour ('#rgb', '#rrggbb'; 'none' and anything else paint nothing) as '#rrggbb'. */
function cssHex(css: string | undefined, fallback: string | null): string | null {
  const v = (css ?? fallback)?.trim();
  const m = v ? /^#([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(v) : null;
  if (!m?.[1]) return null;
  return `#${m[1].length === 3 ? [...m[1]].map((c) => c + c).join('') : m[1]}`;
}

const r4 = (n: number) => Math.round(n * 1e4) / 1e4;
const cm = (m: Mat) => concatTransformationMatrix(r4(m[0]), r4(m[1]), r4(m[2]), r4(m[3]), r4(m[4]), r4(m[5]));
const fillRgb = (c: string) => {
  const { r, g, b } = hex(c);
  return setFillingRgbColor(r, g, b);
};
const strokeRgb = (c: string) => {
  const { r, g, b } = hex(c);
  return setStrokingRgbColor(r, g, b);
};
const rect = (x: number, y: number, w: number, h: number) => rectangle(r4(x), r4(y), r4(w), r4(h));
const clipTo = (x: number, y: number, w: number, h: number) => [rect(x, y, w, h), clip(), endPath()];

/** The panel's upright mm onto the flat sheet's mm (both y down), as a matrix. */
function panelMatrix(panel: EditorPanel): Mat {
  const o = panelToSheet(panel, { x: 0, y: 0 });
  const ex = panelToSheet(panel, { x: 1, y: 0 });
  const ey = panelToSheet(panel, { x: 0, y: 1 });
  return [ex.x - o.x, ex.y - o.y, ey.x - o.x, ey.y - o.y, o.x, o.y];
}

/** A layer's turn about its centre, in the y-down mm space (SVG's rotate(a cx cy)). */
function turnAbout(l: Pick<EditorLayer, 'x' | 'y' | 'w' | 'h' | 'rotation'>): Mat | null {
  if (l.rotation % 360 === 0) return null;
  const a = (l.rotation * Math.PI) / 180;
  const c = Math.cos(a);
  const s = Math.sin(a);
  const cx = l.x + l.w / 2;
  const cy = l.y + l.h / 2;
  return [c, s, -s, c, cx - c * cx + s * cy, cy - s * cx - c * cy];
}

/** An image's unit square onto a box of the y-down space, its first row on top. */
const imageAt = (x: number, y: number, w: number, h: number): Mat => [w, 0, 0, -h, x, y + h];

/** Subpaths (svg-paths.ts) as path-construction operators, in the current space. */
function pathOps(paths: readonly Subpath[]): PDFOperator[] {
  const ops: PDFOperator[] = [];
  for (const p of paths) {
    ops.push(moveTo(r4(p.x), r4(p.y)));
    for (const g of p.segments)
      ops.push(g.kind === 'L' ? lineTo(r4(g.x), r4(g.y)) : appendBezierCurve(r4(g.x1), r4(g.y1), r4(g.x2), r4(g.y2), r4(g.x), r4(g.y)));
    if (p.closed) ops.push(closePath());
  }
  return ops;
}

/** The bytes of a data: URL PDF embeds as it is (PNG, JPEG); anything else is drawn as a picture. */
function embeddableImage(url: string): { kind: 'png' | 'jpeg'; bytes: Uint8Array } | null {
  const m = /^data:image\/(png|jpeg|jpg);base64,/i.exec(url);
  if (!m) return null;
  const bytes = new Uint8Array(Buffer.from(url.slice(m[0].length), 'base64'));
  const png = bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47;
  const jpeg = bytes[0] === 0xff && bytes[1] === 0xd8;
  if (png) return { kind: 'png', bytes };
  if (jpeg) return { kind: 'jpeg', bytes };
  return null;
}

/** Where a text line starts for its alignment, given its advance (tracking after every glyph, as resvg sets it). */
function lineStart(l: Extract<EditorLayer, { kind: 'text' }>, advance: number): number {
  if (l.align === 'left') return l.x;
  if (l.align === 'right') return l.x + l.w - advance;
  return l.x + l.w / 2 - advance / 2;
}

const faceKey = (family: string, weight: number, italic: boolean) => `${family}:${weight}${italic ? 'i' : ''}`;

/**
 * Draws the document's artwork onto `page` (call inside the Artwork layer) and answers what went
 * in. Everything is embedded before the first operator is written, so a face or an image that
 * cannot be read fails the export before the page is half drawn.
 */
export async function drawDocumentArtwork(doc: PDFDocument, page: PDFPage, geo: PageGeometry, art: DocumentArtwork): Promise<DocumentArtworkReport> {
  const d = art.document;
  const bleed = d.dieline.bleed_mm;
  const visible = (l: EditorLayer) => !l.hidden && l.opacity > 0;
  const panels = d.dieline.panels.map((panel) => ({
    panel,
    layers: (d.panels.find((p) => p.panel_id === panel.id)?.layers ?? []).filter(visible),
  }));

  // Faces: every string each one draws, so a subset's tag is stable for the same input.
  const faceTexts = new Map<string, { family: string; weight: number; italic: boolean; texts: string[] }>();
  const want = (family: string, weight: number, italic: boolean, text: string) => {
    const key = faceKey(family, weight, italic);
    const entry = faceTexts.get(key) ?? { family, weight, italic, texts: [] };
    entry.texts.push(text);
    faceTexts.set(key, entry);
  };
  const barcodes = new Map<string, ReturnType<typeof barcodeGeometry>>();
  // Nutrition labels the label generator drew: set again as text and rules (else a picture).
  const labels = new Map<string, LabelDrawing>();
  // Line icons whose markup strokes as it is: vector paths (else a picture).
  const icons = new Map<string, Subpath[]>();
  for (const { panel, layers } of panels) {
    for (const l of layers) {
      if (l.kind === 'text') want(l.font.family, l.font.weight, l.font.italic, l.text);
      if (l.kind === 'icon') {
        const paths = iconSubpaths(l.body);
        if (paths) icons.set(`${panel.id}/${l.id}`, paths);
      }
      if (l.kind === 'nutrition') {
        const drawing = svgToDrawing(l.svg);
        if (drawing) {
          labels.set(`${panel.id}/${l.id}`, drawing);
          for (const item of drawing.items) {
            if (item.kind === 'text') for (const span of item.spans) if (span.text) want(LABEL_FONT, labelWeight(span.weight), span.italic === true, span.text);
          }
        }
      }
      if (l.kind === 'barcode') {
        const m = Math.max(MIN_MAGNIFICATION, Math.min(MAX_MAGNIFICATION, magnificationFor(l.w, l.h)));
        const g = barcodeGeometry(l.symbology, l.digits, m);
        barcodes.set(l.id, g);
        want(BARCODE_FONT, 400, false, g.text.map((t) => t.text).join(''));
      }
    }
  }
  // Each face with its key in the page's /Font resources (what Tf names).
  const fonts = new Map<string, { font: PDFFont; key: PDFName }>();
  for (const [key, f] of faceTexts) {
    const font = await embedSubset(doc, art.face(f.family, f.weight, f.italic), f.texts);
    fonts.set(key, { font, key: page.node.newFontDictionary('Fa', font.ref) });
  }

  // Images and pictures, once each (both passes of a panel draw the same objects).
  const images = new Map<string, PlacedImage>();
  const pictures = new Map<string, { image: PlacedImage; box: { x: number; y: number; w: number; h: number } }>();
  const imageOf = async (url: string): Promise<PlacedImage | null> => {
    const cached = images.get(url);
    if (cached) return cached;
    const src = embeddableImage(url);
    if (!src) return null;
    const placed = await embedArtwork(doc, page, src, 'Im');
    images.set(url, placed);
    return placed;
  };
  const pictureOf = async (panelId: string, l: EditorLayer) => {
    const { svg, box } = layerAloneSvg(d, panelId, l);
    const dpi = l.kind === 'background' ? BACKGROUND_PICTURE_DPI : PICTURE_DPI;
    const px = (mm: number) => Math.max(1, Math.round((mm / 25.4) * dpi));
    const scale = Math.min(1, Math.sqrt(PICTURE_MAX_PX / (px(box.w) * px(box.h))));
    const drawn = art.picture(svg, Math.max(1, Math.round(px(box.w) * scale)));
    // Nothing drawn (a layer of transparent pixels): nothing to place.
    if (!drawn) return;
    const image = await embedArtwork(doc, page, { kind: 'png', bytes: drawn.png }, 'Pic');
    const c = drawn.crop;
    pictures.set(`${panelId}/${l.id}`, { image, box: { x: box.x + c.x * box.w, y: box.y + c.y * box.h, w: c.w * box.w, h: c.h * box.h } });
  };
  let vectorLayers = 0;
  for (const { panel, layers } of panels) {
    for (const l of layers) {
      const native =
        (l.kind === 'background' && l.fill.type === 'colour') ||
        (l.kind === 'background' && l.fill.type === 'image' && (await imageOf(l.fill.url))) ||
        (l.kind === 'image' && (await imageOf(l.url))) ||
        (l.kind === 'logo' && l.source.type === 'image' && (await imageOf(l.source.url))) ||
        l.kind === 'text' ||
        l.kind === 'shape' ||
        l.kind === 'barcode' ||
        labels.has(`${panel.id}/${l.id}`) ||
        icons.has(`${panel.id}/${l.id}`);
      if (native) vectorLayers++;
      else await pictureOf(panel.id, l);
    }
  }

  const opacityStates = new Map<number, PDFName>();
  const opacity = (a: number): PDFName => {
    const key = Math.round(a * 1000) / 1000;
    let name = opacityStates.get(key);
    if (!name) {
      name = page.node.newExtGState('GSa', doc.context.obj({ Type: 'ExtGState', ca: key, CA: key }));
      opacityStates.set(key, name);
    }
    return name;
  };

  const text = (l: Extract<EditorLayer, { kind: 'text' }>): PDFOperator[] => {
    const { font, key } = fonts.get(faceKey(l.font.family, l.font.weight, l.font.italic))!;
    const size = l.size_pt * MM_PER_PT;
    const tc = (l.tracking / 1000) * size;
    const ops: PDFOperator[] = [fillRgb(l.colour), beginText(), setFontAndSize(key, r4(size)), setCharacterSpacing(r4(tc))];
    l.text.split('\n').forEach((line, i) => {
      if (!line) return;
      const advance = font.widthOfTextAtSize(line, size) + tc * [...line].length;
      // Text space is y up: the matrix turns it back upright in the y-down space.
      ops.push(
        setTextMatrix(1, 0, 0, -1, r4(lineStart(l, advance)), r4(l.y + size * (FIRST_BASELINE_EM + i * l.line_height))),
        showText(font.encodeText(line)),
      );
    });
    ops.push(endText());
    return ops;
  };

  const shape = (l: Extract<EditorLayer, { kind: 'shape' }>): PDFOperator[] => {
    if (l.shape === 'line') {
      const y = l.y + l.h / 2;
      const colour = l.stroke?.colour ?? l.fill ?? '#000000';
      const width = l.stroke ? l.stroke.width_mm : l.h;
      return [strokeRgb(colour), setLineWidth(r4(width)), moveTo(r4(l.x), r4(y)), lineTo(r4(l.x + l.w), r4(y)), stroke()];
    }
    const outline =
      l.shape === 'ellipse'
        ? ellipsePath(l.x + l.w / 2, l.y + l.h / 2, l.w / 2, l.h / 2)
        : rectPath(l.x, l.y, l.w, l.h, l.corner_radius_mm, l.corner_radius_mm);
    const path = () => pathOps([outline]);
    const ops: PDFOperator[] = [];
    if (l.fill) ops.push(fillRgb(l.fill), ...path(), fill());
    if (l.stroke) ops.push(strokeRgb(l.stroke.colour), setLineWidth(r4(l.stroke.width_mm)), ...path(), stroke());
    return ops;
  };

  const barcode = (l: Extract<EditorLayer, { kind: 'barcode' }>): PDFOperator[] => {
    const g = barcodes.get(l.id)!;
    const k = Math.min(1, l.w / g.width, l.h / g.height);
    const ox = l.x + (l.w - g.width * k) / 2;
    const oy = l.y + (l.h - g.height * k) / 2;
    const ops: PDFOperator[] = [];
    if (l.background) ops.push(fillRgb(l.background), rect(ox, oy, g.width * k, g.height * k), fill());
    ops.push(fillRgb(l.colour));
    for (const b of g.bars) ops.push(rect(ox + b.x * k, oy + b.y * k, b.w * k, b.h * k));
    ops.push(fill());
    const { font, key } = fonts.get(faceKey(BARCODE_FONT, 400, false))!;
    ops.push(beginText(), setCharacterSpacing(0));
    for (const t of g.text) {
      const size = t.sizeMm * k;
      const x = ox + t.x * k - font.widthOfTextAtSize(t.text, size) / 2;
      ops.push(setFontAndSize(key, r4(size)), setTextMatrix(1, 0, 0, -1, r4(x), r4(oy + t.y * k)), showText(font.encodeText(t.text)));
    }
    ops.push(endText());
    return ops;
  };

  /** A label's runs on their baselines: spans one after another, anchored, a fit_width run stretched (as the SVG's textLength). */
  const labelText = (t: DrawText): PDFOperator[] => {
    const colour = cssHex(t.fill, '#000');
    if (!colour) return [];
    const runs = t.spans
      .filter((span) => span.text)
      .map((span) => {
        const { font, key } = fonts.get(faceKey(LABEL_FONT, labelWeight(span.weight), span.italic === true))!;
        return { text: span.text, font, key, width: font.widthOfTextAtSize(span.text, t.size) };
      });
    const natural = runs.reduce((w, r) => w + r.width, 0);
    const scale = t.fit_width !== undefined && natural > 0 ? t.fit_width / natural : 1;
    const total = natural * scale;
    let x = t.anchor === 'end' ? t.x - total : t.anchor === 'middle' ? t.x - total / 2 : t.x;
    const ops: PDFOperator[] = [fillRgb(colour), beginText(), setCharacterSpacing(0)];
    for (const r of runs) {
      ops.push(setFontAndSize(r.key, r4(t.size)), setTextMatrix(r4(scale), 0, 0, -1, r4(x), r4(t.y)), showText(r.font.encodeText(r.text)));
      x += r.width * scale;
    }
    ops.push(endText());
    return ops;
  };

  /** A line icon on its 24-unit grid, fitted and centred in its box as the SVG's viewBox places it, stroked round. */
  const icon = (l: Extract<EditorLayer, { kind: 'icon' }>, paths: readonly Subpath[]): PDFOperator[] => {
    const s = Math.min(l.w, l.h) / 24;
    const ops: PDFOperator[] = [
      pushGraphicsState(),
      // The SVG's nested viewport clips to the layer's box: so does the PDF.
      ...clipTo(l.x, l.y, l.w, l.h),
      cm([s, 0, 0, s, l.x + (l.w - 24 * s) / 2, l.y + (l.h - 24 * s) / 2]),
      strokeRgb(l.colour),
      setLineWidth(r4(l.stroke_width)),
      setLineCap(LineCapStyle.Round),
      setLineJoin(LineJoinStyle.Round),
    ];
    for (const p of paths) {
      ops.push(moveTo(r4(p.x), r4(p.y)));
      for (const g of p.segments)
        ops.push(g.kind === 'L' ? lineTo(r4(g.x), r4(g.y)) : appendBezierCurve(r4(g.x1), r4(g.y1), r4(g.x2), r4(g.y2), r4(g.x), r4(g.y)));
      if (p.closed) ops.push(closePath());
    }
    ops.push(stroke(), popGraphicsState());
    return ops;
  };

  /** A nutrition label in its layer's box as the SVG places it (fitted, centred, clipped to the box), in its own mm. */
  const label = (l: Extract<EditorLayer, { kind: 'nutrition' }>, drawing: LabelDrawing): PDFOperator[] => {
    const W = drawing.width_mm;
    const H = drawing.height_mm;
    const s = Math.min(l.w / W, l.h / H);
    const ops: PDFOperator[] = [pushGraphicsState(), ...clipTo(l.x, l.y, l.w, l.h), cm([s, 0, 0, s, l.x + (l.w - W * s) / 2, l.y + (l.h - H * s) / 2])];
    if (drawing.frame) {
      const sw = drawing.frame.stroke_width;
      const background = cssHex(drawing.background, '#fff');
      const edge = cssHex(drawing.frame.stroke, '#000');
      if (background) ops.push(fillRgb(background), rect(sw / 2, sw / 2, W - sw, H - sw), fill());
      if (edge) ops.push(strokeRgb(edge), setLineWidth(r4(sw)), rect(sw / 2, sw / 2, W - sw, H - sw), stroke());
    } else {
      const background = cssHex(drawing.background, null);
      if (background) ops.push(fillRgb(background), rect(0, 0, W, H), fill());
    }
    for (const item of drawing.items) {
      if (item.kind === 'text') {
        ops.push(...labelText(item));
        continue;
      }
      const body = cssHex(item.fill, '#000');
      const edge = item.stroke ? cssHex(item.stroke, null) : null;
      if (body) ops.push(fillRgb(body), rect(item.x, item.y, item.w, item.h), fill());
      if (edge) ops.push(strokeRgb(edge), setLineWidth(r4(item.stroke_width ?? 0.1)), rect(item.x, item.y, item.w, item.h), stroke());
    }
    ops.push(popGraphicsState());
    return ops;
  };

  /** An image over a box: `slice` covers it (clipped), `meet` fits inside it. */
  const fitted = (image: PlacedImage, box: { x: number; y: number; w: number; h: number }, how: 'slice' | 'meet'): PDFOperator[] => {
    const s = how === 'slice' ? Math.max(box.w / image.width, box.h / image.height) : Math.min(box.w / image.width, box.h / image.height);
    const w = image.width * s;
    const h = image.height * s;
    const place = [pushGraphicsState(), cm(imageAt(box.x + (box.w - w) / 2, box.y + (box.h - h) / 2, w, h)), drawObject(image.name), popGraphicsState()];
    return how === 'slice' ? [pushGraphicsState(), ...clipTo(box.x, box.y, box.w, box.h), ...place, popGraphicsState()] : place;
  };

  const bleedBoxOf = (panel: EditorPanel) => ({ x: -bleed, y: -bleed, w: panel.width + 2 * bleed, h: panel.height + 2 * bleed });

  const layerOps = (panel: EditorPanel, l: EditorLayer): PDFOperator[] => {
    const picture = pictures.get(`${panel.id}/${l.id}`);
    let body: PDFOperator[];
    if (picture) {
      const b = picture.box;
      body = [pushGraphicsState(), cm(imageAt(b.x, b.y, b.w, b.h)), drawObject(picture.image.name), popGraphicsState()];
    } else if (l.kind === 'background') {
      const box = bleedBoxOf(panel);
      if (l.fill.type === 'colour') body = [fillRgb(l.fill.colour), rect(box.x, box.y, box.w, box.h), fill()];
      else body = fitted(images.get(l.fill.type === 'image' ? l.fill.url : '')!, box, 'slice');
    } else if (l.kind === 'image') {
      const image = images.get(l.url)!;
      const c = l.crop;
      // The crop's part of the image stretched over the layer's box, as the SVG's viewBox does.
      const fullW = l.w / c.w;
      const fullH = l.h / c.h;
      body = [
        pushGraphicsState(),
        ...clipTo(l.x, l.y, l.w, l.h),
        cm(imageAt(l.x - c.x * fullW, l.y - c.y * fullH, fullW, fullH)),
        drawObject(image.name),
        popGraphicsState(),
      ];
    } else if (l.kind === 'logo' && l.source.type === 'image') body = fitted(images.get(l.source.url)!, { x: l.x, y: l.y, w: l.w, h: l.h }, 'meet');
    else if (l.kind === 'text') body = text(l);
    else if (l.kind === 'shape') body = shape(l);
    else if (l.kind === 'barcode') body = barcode(l);
    else if (l.kind === 'icon' && icons.has(`${panel.id}/${l.id}`)) body = icon(l, icons.get(`${panel.id}/${l.id}`)!);
    else if (l.kind === 'nutrition' && labels.has(`${panel.id}/${l.id}`)) body = label(l, labels.get(`${panel.id}/${l.id}`)!);
    else body = [];
    if (body.length === 0) return [];
    // Backgrounds fill the panel and its bleed whatever their box: they are never turned.
    const turn = l.kind === 'background' ? null : turnAbout(l);
    return [pushGraphicsState(), ...(l.opacity < 1 ? [setGraphicsState(opacity(l.opacity))] : []), ...(turn ? [cm(turn)] : []), ...body, popGraphicsState()];
  };

  const k = PT_PER_MM;
  const origin = geo.toPage(0, 0);
  const sheetToPage: Mat = [k, 0, 0, -k, origin.x, origin.y];
  const panelOps = panels.map(({ panel, layers }) => layers.flatMap((l) => layerOps(panel, l)));
  const ops: PDFOperator[] = [pushGraphicsState(), cm(sheetToPage)];
  for (const pass of ['grown', 'exact'] as const) {
    panels.forEach(({ panel }, i) => {
      const body = panelOps[i]!;
      if (body.length === 0) return;
      const r = panel.rect;
      const g = pass === 'grown' ? bleed : 0;
      ops.push(pushGraphicsState(), ...clipTo(r.x - g, r.y - g, r.width + 2 * g, r.height + 2 * g), cm(panelMatrix(panel)), ...body, popGraphicsState());
    });
  }
  ops.push(popGraphicsState());
  page.pushOperators(...ops);
  return { vectorLayers, pictureLayers: pictures.size, images: images.size, fonts: fonts.size };
}
