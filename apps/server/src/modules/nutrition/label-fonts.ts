/**
 * The label's typeface for print files: Arimo (OFL; metric-compatible with Helvetica and Arial, the
 * "Helvetica-class" face FDA's sample labels are set in), read once from @expo-google-fonts/arimo.
 * The outliner turns runs of text into SVG path data in mm, so the downloaded SVG and the PNG made
 * from it depend on no installed font; the PDF embeds the same faces as subsets.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import fontkit, { type Font, type Glyph } from '@pdf-lib/fontkit';
import type { FontWeight, GlyphOutliner } from '@packsmith/nutrition';

export type FaceName = 'regular' | 'bold' | 'italic' | 'boldItalic';

const FILES: Readonly<Record<FaceName, string>> = {
  regular: '400Regular/Arimo_400Regular.ttf',
  bold: '700Bold/Arimo_700Bold.ttf',
  italic: '400Regular_Italic/Arimo_400Regular_Italic.ttf',
  boldItalic: '700Bold_Italic/Arimo_700Bold_Italic.ttf',
};

/** Arimo has no black weight: 'black' (the "Nutrition Facts" title) is drawn bold, as FDA's own samples set it in Helvetica Black/Bold. */
export function faceOf(weight: FontWeight, italic: boolean): FaceName {
  const bold = weight !== 'regular';
  if (italic) return bold ? 'boldItalic' : 'italic';
  return bold ? 'bold' : 'regular';
}

let bytesCache: Record<FaceName, Uint8Array> | null = null;

/** The four TTF files' paths (for resvg, which draws a label's SVG with them in the editor's exports). */
export function arimoFiles(): string[] {
  const root = dirname(createRequire(import.meta.url).resolve('@expo-google-fonts/arimo/package.json'));
  return Object.values(FILES).map((f) => join(root, f));
}

/** The four TTF files, read once per process. */
export function arimoBytes(): Readonly<Record<FaceName, Uint8Array>> {
  if (bytesCache) return bytesCache;
  const root = dirname(createRequire(import.meta.url).resolve('@expo-google-fonts/arimo/package.json'));
  const read = (f: FaceName) => new Uint8Array(readFileSync(join(root, FILES[f])));
  bytesCache = { regular: read('regular'), bold: read('bold'), italic: read('italic'), boldItalic: read('boldItalic') };
  return bytesCache;
}

interface PathCommand {
  command: string;
  args: number[];
}

/** fontkit's Path carries its commands at run time; its type declarations omit them. */
function commandsOf(glyph: Glyph): PathCommand[] {
  const path: unknown = glyph.path;
  const list = typeof path === 'object' && path !== null ? (path as { commands?: unknown }).commands : undefined;
  return Array.isArray(list) ? (list as PathCommand[]) : [];
}

/** Three decimals, trailing zeros dropped: a hundredth of a micrometre at label sizes. */
const num = (v: number): string => {
  const s = v.toFixed(3).replace(/\.?0+$/, '');
  return s === '-0' ? '0' : s;
};

const LETTER: Readonly<Record<string, string>> = { moveTo: 'M', lineTo: 'L', quadraticCurveTo: 'Q', bezierCurveTo: 'C', closePath: 'Z' };

/** Path data of one glyph at `scale` mm per font unit, its origin at (x0, 0), y down. */
function glyphPath(commands: readonly PathCommand[], scale: number, x0: number): string {
  let d = '';
  for (const c of commands) {
    const letter = LETTER[c.command];
    if (!letter) continue;
    d += letter;
    for (let i = 0; i + 1 < c.args.length; i += 2) {
      const x = x0 + (c.args[i] ?? 0) * scale;
      const y = -(c.args[i + 1] ?? 0) * scale;
      d += `${i ? ' ' : ''}${num(x)} ${num(y)}`;
    }
  }
  return d;
}

export interface ArimoFonts {
  font(face: FaceName): Font;
  outliner: GlyphOutliner;
}

let fontsCache: ArimoFonts | null = null;

/** Parsed faces and the outliner over them (one per process: parsing a face takes a few ms). */
export function arimoFonts(): ArimoFonts {
  if (fontsCache) return fontsCache;
  const bytes = arimoBytes();
  const fonts = new Map<FaceName, Font>();
  const font = (face: FaceName): Font => {
    let f = fonts.get(face);
    if (!f) {
      f = fontkit.create(bytes[face]);
      fonts.set(face, f);
    }
    return f;
  };
  const outliner: GlyphOutliner = {
    outline(text, weight, italic, size) {
      const f = font(faceOf(weight, italic));
      const run = f.layout(text);
      const scale = size / f.unitsPerEm;
      let pen = 0;
      let d = '';
      run.glyphs.forEach((g, i) => {
        const pos = run.positions[i];
        d += glyphPath(commandsOf(g), scale, (pen + (pos?.xOffset ?? 0)) * scale);
        pen += pos?.xAdvance ?? g.advanceWidth;
      });
      return { d, width: pen * scale };
    },
  };
  fontsCache = { font, outliner };
  return fontsCache;
}
