import {
  decodePDFRawStream,
  PDFArray,
  PDFBool,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFRawStream,
  PDFRef,
  PDFStream,
  PDFString,
  type PDFObject,
  type PDFPage,
} from 'pdf-lib';
import { PT_PER_MM } from './geometry.js';

/*
 * Reads a print PDF back the way a preflight tool does: the page boxes, the colour spaces,
 * graphics states and layers in the resources, and an interpretation of the content stream
 * that records, for every stroked path, drawn image and text, which layer (optional-content
 * marked section) and which colour space it was painted in. Used by the exporter's tests and
 * by anyone checking an exported file (the server's export call, the bench).
 */

export type BoxMm = readonly [number, number, number, number];

export interface ColourSpaceInfo {
  readonly family: string;
  /** Separation: the ink name; its alternate space and the tint transform's C1. */
  readonly ink?: string;
  readonly alternate?: string;
  readonly c1?: readonly number[];
}

export interface StrokeRecord {
  /** Colour space resource key ('CS_CutContour') or operator family ('DeviceCMYK', 'DeviceGray', 'DeviceRGB'). */
  readonly colourSpace: string;
  /** Names of the enclosing optional-content groups, outermost first. */
  readonly layers: readonly string[];
  readonly overprint: boolean;
  /** Sub-paths in page points after the CTM; curves reduced to their end points plus control points flagged. */
  readonly subpaths: readonly { readonly points: readonly { x: number; y: number; control: boolean }[]; readonly closed: boolean }[];
}

export interface ImageRecord {
  readonly key: string;
  readonly layers: readonly string[];
  readonly width: number;
  readonly height: number;
  /** Placement (the CTM's a and d), points. */
  readonly placedWidthPt: number;
  readonly placedHeightPt: number;
  readonly x: number;
  readonly y: number;
}

export interface TextRecord {
  readonly layers: readonly string[];
  readonly font: string;
  readonly fillColourSpace: string;
  /** Where the text matrix puts the run's origin on the page, points. */
  readonly x: number;
  readonly y: number;
}

export interface FontRecord {
  readonly baseFont: string;
  readonly subtype: string;
  readonly embedded: 'FontFile2' | 'FontFile3' | 'FontFile' | null;
}

export interface PrintPdfReadBack {
  readonly pageCount: number;
  readonly media: BoxMm;
  readonly bleed: BoxMm | undefined;
  readonly trim: BoxMm | undefined;
  readonly colourSpaces: ReadonlyMap<string, ColourSpaceInfo>;
  readonly extGStates: ReadonlyMap<string, { OP?: boolean; op?: boolean; OPM?: number }>;
  /** Property key → OCG name, from the page's /Properties. */
  readonly layerKeys: ReadonlyMap<string, string>;
  /** OCG names listed in the catalogue's /OCProperties /OCGs. */
  readonly catalogueLayers: readonly string[];
  readonly strokes: readonly StrokeRecord[];
  readonly images: readonly ImageRecord[];
  readonly texts: readonly TextRecord[];
  readonly fonts: readonly FontRecord[];
  /** Every colour space resource key set (CS or cs) in the content, with the layers it was set in. */
  readonly colourSpaceUses: readonly { readonly key: string; readonly layers: readonly string[] }[];
}

const toMm = (n: number) => n / PT_PER_MM;
// Content streams are bytes; operators and operands are ASCII, strings are skipped.
const latin1 = new TextDecoder('latin1');

function box(page: PDFPage, which: 'MediaBox' | 'BleedBox' | 'TrimBox'): BoxMm | undefined {
  const arr = page.node.lookupMaybe(PDFName.of(which), PDFArray);
  if (!arr) return undefined;
  const v = arr.asArray().map((o) => (o instanceof PDFNumber ? o.asNumber() : NaN));
  return [toMm(v[0]!), toMm(v[1]!), toMm(v[2]!), toMm(v[3]!)];
}

const nameOf = (o: PDFObject | undefined): string | undefined => (o instanceof PDFName ? o.decodeText() : undefined);
const textOf = (o: PDFObject | undefined): string | undefined =>
  o instanceof PDFString || o instanceof PDFHexString ? o.decodeText() : o instanceof PDFName ? o.decodeText() : undefined;

function streamText(doc: PDFDocument, obj: PDFObject | undefined): string {
  const resolved = obj instanceof PDFRef ? doc.context.lookup(obj) : obj;
  if (resolved instanceof PDFArray)
    return resolved
      .asArray()
      .map((o) => streamText(doc, o))
      .join('\n');
  if (resolved instanceof PDFRawStream) return latin1.decode(decodePDFRawStream(resolved).decode());
  if (resolved instanceof PDFStream) return latin1.decode(resolved.getContents());
  return '';
}

type Token = { kind: 'num'; v: number } | { kind: 'name'; v: string } | { kind: 'str' } | { kind: 'op'; v: string } | { kind: 'open' } | { kind: 'close' };

/** A content-stream tokenizer: enough of ISO 32000 §7.2 for what painting operators take. */
function* tokens(s: string): Generator<Token> {
  let i = 0;
  const delim = (c: string) => /[\s()<>[\]{}/%]/.test(c);
  while (i < s.length) {
    const c = s[i]!;
    if (/\s/.test(c)) i++;
    else if (c === '%') while (i < s.length && s[i] !== '\n') i++;
    else if (c === '/') {
      let j = i + 1;
      while (j < s.length && !delim(s[j]!)) j++;
      yield { kind: 'name', v: s.slice(i + 1, j) };
      i = j;
    } else if (c === '(') {
      let depth = 0;
      for (; i < s.length; i++) {
        if (s[i] === '\\') i++;
        else if (s[i] === '(') depth++;
        else if (s[i] === ')' && --depth === 0) break;
      }
      i++;
      yield { kind: 'str' };
    } else if (c === '<' && s[i + 1] === '<') {
      i += 2;
      yield { kind: 'open' };
    } else if (c === '>' && s[i + 1] === '>') {
      i += 2;
      yield { kind: 'close' };
    } else if (c === '<') {
      i = s.indexOf('>', i) + 1;
      yield { kind: 'str' };
    } else if (c === '[') {
      i++;
      yield { kind: 'open' };
    } else if (c === ']') {
      i++;
      yield { kind: 'close' };
    } else {
      let j = i;
      while (j < s.length && !delim(s[j]!)) j++;
      if (j === i) j++;
      const word = s.slice(i, j);
      i = j;
      const n = Number(word);
      yield /^[+-]?(\d+\.?\d*|\.\d+)$/.test(word) && Number.isFinite(n) ? { kind: 'num', v: n } : { kind: 'op', v: word };
    }
  }
}

type Mat = [number, number, number, number, number, number];
const mul = (m: Mat, n: Mat): Mat => [
  m[0] * n[0] + m[1] * n[2],
  m[0] * n[1] + m[1] * n[3],
  m[2] * n[0] + m[3] * n[2],
  m[2] * n[1] + m[3] * n[3],
  m[4] * n[0] + m[5] * n[2] + n[4],
  m[4] * n[1] + m[5] * n[3] + n[5],
];

export async function readPrintPdf(bytes: Uint8Array): Promise<PrintPdfReadBack> {
  const doc = await PDFDocument.load(bytes, { updateMetadata: false });
  const page = doc.getPage(0);
  const resources = page.node.Resources() ?? doc.context.obj({});
  const sub = (key: string) => resources.lookupMaybe(PDFName.of(key), PDFDict);

  const colourSpaces = new Map<string, ColourSpaceInfo>();
  for (const [k, v] of sub('ColorSpace')?.entries() ?? []) {
    const arr = doc.context.lookup(v);
    if (arr instanceof PDFArray) {
      const items = arr.asArray().map((o) => (o instanceof PDFRef ? doc.context.lookup(o) : o));
      const fn = items[3] instanceof PDFDict ? items[3] : undefined;
      const c1 = fn
        ?.lookupMaybe(PDFName.of('C1'), PDFArray)
        ?.asArray()
        .map((o) => (o instanceof PDFNumber ? o.asNumber() : NaN));
      colourSpaces.set(k.decodeText(), { family: nameOf(items[0]) ?? '?', ink: nameOf(items[1]), alternate: nameOf(items[2]), c1 });
    } else colourSpaces.set(k.decodeText(), { family: nameOf(arr) ?? '?' });
  }

  const extGStates = new Map<string, { OP?: boolean; op?: boolean; OPM?: number }>();
  for (const [k, v] of sub('ExtGState')?.entries() ?? []) {
    const d = doc.context.lookup(v);
    if (!(d instanceof PDFDict)) continue;
    const bool = (key: string) => {
      const o = d.get(PDFName.of(key));
      return o instanceof PDFBool ? o.asBoolean() : undefined;
    };
    const opm = d.get(PDFName.of('OPM'));
    extGStates.set(k.decodeText(), { OP: bool('OP'), op: bool('op'), OPM: opm instanceof PDFNumber ? opm.asNumber() : undefined });
  }

  const layerKeys = new Map<string, string>();
  for (const [k, v] of sub('Properties')?.entries() ?? []) {
    const d = doc.context.lookup(v);
    if (d instanceof PDFDict && nameOf(d.get(PDFName.of('Type'))) === 'OCG') layerKeys.set(k.decodeText(), textOf(d.get(PDFName.of('Name'))) ?? '?');
  }
  const ocp = doc.catalog.lookupMaybe(PDFName.of('OCProperties'), PDFDict);
  const catalogueLayers =
    ocp
      ?.lookupMaybe(PDFName.of('OCGs'), PDFArray)
      ?.asArray()
      .map((r) => {
        const d = doc.context.lookup(r);
        return d instanceof PDFDict ? (textOf(d.get(PDFName.of('Name'))) ?? '?') : '?';
      }) ?? [];

  const xobjects = new Map<string, { width: number; height: number }>();
  for (const [k, v] of sub('XObject')?.entries() ?? []) {
    const s = doc.context.lookup(v);
    if (s instanceof PDFStream && nameOf(s.dict.get(PDFName.of('Subtype'))) === 'Image') {
      const n = (key: string) => (s.dict.get(PDFName.of(key)) as PDFNumber | undefined)?.asNumber() ?? 0;
      xobjects.set(k.decodeText(), { width: n('Width'), height: n('Height') });
    }
  }

  const fonts: FontRecord[] = [];
  const fontKeys = new Map<string, string>();
  for (const [k, v] of sub('Font')?.entries() ?? []) {
    const f = doc.context.lookup(v);
    if (!(f instanceof PDFDict)) continue;
    const baseFont = nameOf(f.get(PDFName.of('BaseFont'))) ?? '?';
    fontKeys.set(k.decodeText(), baseFont);
    const descendant = f.lookupMaybe(PDFName.of('DescendantFonts'), PDFArray)?.lookup(0, PDFDict) ?? f;
    const descriptor = descendant.lookupMaybe(PDFName.of('FontDescriptor'), PDFDict);
    const embedded = (['FontFile2', 'FontFile3', 'FontFile'] as const).find((key) => descriptor?.get(PDFName.of(key)) !== undefined) ?? null;
    fonts.push({ baseFont, subtype: nameOf(f.get(PDFName.of('Subtype'))) ?? '?', embedded });
  }

  // The interpreter: graphics state stack, marked-content stack, current path.
  interface GState {
    ctm: Mat;
    strokeCS: string;
    fillCS: string;
    overprint: boolean;
  }
  let gs: GState = { ctm: [1, 0, 0, 1, 0, 0], strokeCS: 'DeviceGray', fillCS: 'DeviceGray', overprint: false };
  const stack: GState[] = [];
  const marked: (string | null)[] = [];
  const layers = () => marked.filter((m): m is string => m !== null);
  let subpaths: { points: { x: number; y: number; control: boolean }[]; closed: boolean }[] = [];
  const strokes: StrokeRecord[] = [];
  const images: ImageRecord[] = [];
  const texts: TextRecord[] = [];
  const colourSpaceUses: { key: string; layers: string[] }[] = [];
  let font = '';
  let textOrigin = { x: 0, y: 0 };
  let operands: Token[] = [];
  const nums = () => operands.filter((t): t is { kind: 'num'; v: number } => t.kind === 'num').map((t) => t.v);
  const at = (x: number, y: number, control = false) => {
    const m = gs.ctm;
    return { x: m[0] * x + m[2] * y + m[4], y: m[1] * x + m[3] * y + m[5], control };
  };
  const current = () => subpaths[subpaths.length - 1];

  for (const tok of tokens(streamText(doc, page.node.get(PDFName.of('Contents'))))) {
    if (tok.kind !== 'op') {
      operands.push(tok);
      continue;
    }
    const n = nums();
    switch (tok.v) {
      case 'q':
        stack.push({ ...gs });
        break;
      case 'Q':
        gs = stack.pop() ?? gs;
        break;
      case 'cm':
        gs.ctm = mul([n[0]!, n[1]!, n[2]!, n[3]!, n[4]!, n[5]!], gs.ctm);
        break;
      case 'gs': {
        const key = operands.find((t) => t.kind === 'name');
        const st = key && key.kind === 'name' ? extGStates.get(key.v) : undefined;
        if (st?.OP !== undefined) gs.overprint = st.OP;
        break;
      }
      case 'CS':
      case 'cs': {
        const key = operands.find((t) => t.kind === 'name');
        if (key && key.kind === 'name') {
          if (tok.v === 'CS') gs.strokeCS = key.v;
          else gs.fillCS = key.v;
          colourSpaceUses.push({ key: key.v, layers: layers() });
        }
        break;
      }
      case 'G':
      case 'RG':
      case 'K':
        gs.strokeCS = tok.v === 'G' ? 'DeviceGray' : tok.v === 'RG' ? 'DeviceRGB' : 'DeviceCMYK';
        break;
      case 'g':
      case 'rg':
      case 'k':
        gs.fillCS = tok.v === 'g' ? 'DeviceGray' : tok.v === 'rg' ? 'DeviceRGB' : 'DeviceCMYK';
        break;
      case 'BDC': {
        const names = operands.filter((t): t is { kind: 'name'; v: string } => t.kind === 'name');
        marked.push(names[0]?.v === 'OC' && names[1] ? (layerKeys.get(names[1].v) ?? `?${names[1].v}`) : null);
        break;
      }
      case 'BMC':
        marked.push(null);
        break;
      case 'EMC':
        marked.pop();
        break;
      case 'm':
        subpaths.push({ points: [at(n[0]!, n[1]!)], closed: false });
        break;
      case 'l':
        current()?.points.push(at(n[0]!, n[1]!));
        break;
      case 'c':
        current()?.points.push(at(n[0]!, n[1]!, true), at(n[2]!, n[3]!, true), at(n[4]!, n[5]!));
        break;
      case 're': {
        const [x, y, w, h] = n as [number, number, number, number];
        subpaths.push({ points: [at(x, y), at(x + w, y), at(x + w, y + h), at(x, y + h)], closed: true });
        break;
      }
      case 'h':
        if (current()) current()!.closed = true;
        break;
      case 'S':
      case 's':
      case 'B':
      case 'B*':
      case 'b':
      case 'b*':
        if (tok.v === 's' || tok.v.startsWith('b')) if (current()) current()!.closed = true;
        strokes.push({ colourSpace: gs.strokeCS, layers: layers(), overprint: gs.overprint, subpaths });
        subpaths = [];
        break;
      case 'f':
      case 'F':
      case 'f*':
      case 'n':
        subpaths = [];
        break;
      case 'Tf': {
        const key = operands.find((t) => t.kind === 'name');
        font = key && key.kind === 'name' ? (fontKeys.get(key.v) ?? key.v) : font;
        break;
      }
      case 'Tm':
        textOrigin = at(n[4]!, n[5]!);
        break;
      case 'Tj':
      case 'TJ':
      case "'":
      case '"':
        texts.push({ layers: layers(), font, fillColourSpace: gs.fillCS, x: textOrigin.x, y: textOrigin.y });
        break;
      case 'Do': {
        const key = operands.find((t) => t.kind === 'name');
        const img = key && key.kind === 'name' ? xobjects.get(key.v) : undefined;
        if (img && key && key.kind === 'name') {
          const m = gs.ctm;
          images.push({ key: key.v, layers: layers(), width: img.width, height: img.height, placedWidthPt: m[0], placedHeightPt: m[3], x: m[4], y: m[5] });
        }
        break;
      }
      default:
        break;
    }
    operands = [];
  }

  return {
    pageCount: doc.getPageCount(),
    media: box(page, 'MediaBox')!,
    bleed: box(page, 'BleedBox'),
    trim: box(page, 'TrimBox'),
    colourSpaces,
    extGStates,
    layerKeys,
    catalogueLayers,
    strokes,
    images,
    texts,
    fonts,
    colourSpaceUses,
  };
}
