/**
 * Briefs shared by the pipeline tests: every kind of pack (carton, rigid box, mailer,
 * pouch, bag, bottle, can, jar, tube, cup), every style family, short and long brand names,
 * with and without a logo — and the tesseract read-back the OCR test uses.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { promisify } from 'node:util';
import { Resvg } from '@resvg/resvg-js';
import sharp from 'sharp';
import type { DesignSetBrief } from './render-design-set.js';

export const TESSERACT = '/usr/bin/tesseract';
export const hasTesseract = existsSync(TESSERACT);
const run = promisify(execFile);

/** A two-colour logo mark without text, as PNG bytes. */
export function makeLogoPng(): Buffer {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="120" viewBox="0 0 300 120"><circle cx="60" cy="60" r="50" fill="#e4572e"/><rect x="130" y="25" width="150" height="70" rx="35" fill="#29335c"/><circle cx="60" cy="60" r="22" fill="#ffffff"/></svg>';
  return new Resvg(svg).render().asPng();
}

export interface OcrCase {
  readonly name: string;
  readonly brief: DesignSetBrief;
  readonly seed: number;
}

export function ocrCases(): OcrCase[] {
  const logo = makeLogoPng();
  const c = (name: string, seed: number, brief: DesignSetBrief): OcrCase => ({ name, seed, brief });
  return [
    c('carton / minimalist / short', 1, {
      brand: 'Lumen',
      product: 'Cold Brew Coffee',
      boxId: 101,
      style: ['minimalist'],
      color: ['navy'],
      element: ['coffee'],
    }),
    c('tea carton / botanical / ampersand', 2, {
      brand: 'Willow & Thyme',
      product: 'Lavender Hand Soap',
      boxId: 102,
      style: ['botanical'],
      color: ['lavender', 'sage'],
      element: ['leaves'],
    }),
    c('auto-lock carton / luxury / logo', 3, {
      brand: 'Aurum',
      product: 'Eau de Parfum',
      boxId: 103,
      style: ['luxury'],
      color: ['black', 'gold'],
      element: ['star'],
      logo,
    }),
    c('rigid box / vintage', 4, {
      brand: 'Hazel & Oak',
      product: 'Stoneground Wholemeal Flour',
      boxId: 104,
      style: ['vintage'],
      color: ['cream', 'burgundy'],
      element: ['wheat'],
    }),
    c('mailer / long brand', 5, {
      brand: 'The Extraordinary Northern Coast Company',
      product: 'Smoked Sea Salt Flakes',
      boxId: 201,
      style: ['minimalist'],
      color: ['teal'],
      element: ['wave'],
    }),
    c('shipping box / bold', 6, { brand: 'BLAZE', product: 'Hot Sauce', boxId: 202, style: ['bold'], color: ['red', 'orange'], element: ['flame'] }),
    c('stand-up pouch / playful', 7, {
      brand: 'Pip Pop',
      product: 'Fruity Gummy Bears',
      boxId: 501,
      style: ['playful'],
      color: ['pink'],
      element: ['star', 'heart'],
    }),
    c('flat pouch / geometric / logo', 8, {
      brand: 'Kubo',
      product: 'Building Blocks Set',
      boxId: 502,
      style: ['geometric'],
      color: ['yellow', 'blue'],
      element: [],
      logo,
    }),
    c('paper bag / earthy', 9, {
      brand: 'Terra',
      product: 'Organic Granola',
      boxId: 601,
      style: ['earthy'],
      color: ['terracotta', 'olive'],
      element: ['sun', 'wheat'],
    }),
    c('water bottle / modern', 10, {
      brand: 'Nordvik',
      product: 'Mountain Spring Water',
      boxId: 303,
      style: ['modern'],
      color: ['pastel blue'],
      element: ['mountain'],
    }),
    c('shampoo bottle / luxury / logo', 11, {
      brand: 'Velvet Moon',
      product: 'Night Repair Cream',
      boxId: 404,
      style: ['luxury'],
      color: ['purple'],
      element: ['moon', 'star'],
      logo,
    }),
    c('wine bottle / vintage', 12, {
      brand: 'Old Mill',
      product: 'Dry Apple Cider',
      boxId: 301,
      style: ['vintage'],
      color: ['green', 'gold'],
      element: ['apple'],
    }),
    c('can / bold', 13, { brand: 'Zest', product: 'Lemon Sparkling Water', boxId: 701, style: ['bold'], color: ['lemon', 'dark green'], element: ['citrus'] }),
    c('slim can / modern', 14, { brand: 'Glow Lab', product: 'Vitamin C Energy Drink', boxId: 702, style: ['modern'], color: ['peach'], element: ['sparkle'] }),
    c('glass jar / botanical / logo', 15, {
      brand: 'Oda',
      product: 'Matcha Green Tea',
      boxId: 704,
      style: ['botanical'],
      color: ['green'],
      element: ['leaf'],
      logo,
    }),
    c('squeeze tube / minimalist', 16, { brand: 'Zenn', product: 'Hand Cream', boxId: 802, style: ['minimalist'], color: ['mint'], element: [] }),
    c('paper tube / playful', 17, { brand: 'Happy Paws', product: 'Chicken Dog Treats', boxId: 803, style: ['playful'], color: ['yellow'], element: ['paw'] }),
    c('paper cup / no style', 18, { brand: 'Noir', product: 'Espresso Beans', boxId: 901, style: [], color: ['black'], element: ['coffee'] }),
  ];
}

const norm = (s: string) => s.toUpperCase().replace(/\s+/g, ' ').trim();

/** Brackets, bars and quotes: what the strokes of a frame or badge round a name read as. */
const FRAME_JUNK = /^[()[\]{}|\\/“”"'‘’`~_—–-]+|[()[\]{}|\\/“”"'‘’`~_—–-]+$/g;
const stripFrame = (t: string) => t.replace(FRAME_JUNK, '');
const hasWordChar = (t: string) => /[\p{L}\p{N}&]/u.test(t);

/**
 * The brand read back exactly (case-insensitive, whitespace-normalised): its words in order,
 * each spelled exactly. Between them only stray marks without a letter or digit may appear
 * (a badge's ring read as "|" or "(" next to a line), never a wrong or missing character.
 */
export function readsBrand(ocr: string, brand: string): boolean {
  const text = norm(ocr.split('\n').join(' '));
  if (text.includes(norm(brand))) return true;
  const want = norm(brand).split(' ');
  const tokens = text.split(' ');
  for (let start = 0; start < tokens.length; start++) {
    let k = 0;
    for (let i = start; i < tokens.length && k < want.length; i++) {
      const t = tokens[i]!;
      const w = want[k]!;
      if (t === w || stripFrame(t) === stripFrame(w)) k++;
      else if (k === 0 || hasWordChar(t)) break;
    }
    if (k === want.length) return true;
  }
  return false;
}

type Image = 'packshot' | 'product' | 'upscaled';

/**
 * Tesseract settings tried in turn; the first that reads the brand wins.
 * - `product`: the packshot trimmed to the product (the plain studio backdrop cut away):
 *   tesseract's page layout otherwise groups the wordmark with the pack's edges and shadow.
 * - Sauvola (local) thresholding: a global threshold can put a mid-tone pack and its type on
 *   the same side against the light backdrop.
 * - `upscaled` (2×, Lanczos): brings small type to the x-height tesseract's models were
 *   trained on; it adds no detail the packshot lacks.
 */
const ATTEMPTS: readonly { image: Image; psm: string; local: boolean }[] = [
  { image: 'packshot', psm: '6', local: false },
  { image: 'packshot', psm: '11', local: false },
  { image: 'product', psm: '6', local: false },
  { image: 'product', psm: '11', local: false },
  { image: 'packshot', psm: '6', local: true },
  { image: 'packshot', psm: '11', local: true },
  { image: 'product', psm: '6', local: true },
  { image: 'upscaled', psm: '6', local: true },
  { image: 'upscaled', psm: '11', local: true },
];

async function variant(file: string, image: Image): Promise<string> {
  if (image === 'packshot') return file;
  const out = file.replace(/\.png$/, `-${image}.png`);
  if (image === 'product') await sharp(file).trim({ threshold: 30 }).toFile(out);
  else {
    const meta = await sharp(file).metadata();
    await sharp(file)
      .resize((meta.width ?? 1024) * 2, null, { kernel: 'lanczos3' })
      .toFile(out);
  }
  return out;
}

/** OCR of a PNG file with several settings; `how` names the one that read the brand. */
export async function ocrBrand(file: string, brand: string): Promise<{ ok: boolean; text: string; how?: string }> {
  const texts: string[] = [];
  const images = new Map<Image, string>();
  for (const a of ATTEMPTS) {
    let input = images.get(a.image);
    if (!input) {
      input = await variant(file, a.image);
      images.set(a.image, input);
    }
    const { stdout } = await run(TESSERACT, [input, '-', '--psm', a.psm, ...(a.local ? ['-c', 'thresholding_method=2'] : [])]);
    const how = `${a.image}, psm ${a.psm}${a.local ? ', Sauvola' : ''}`;
    if (readsBrand(stdout, brand)) return { ok: true, text: stdout, how };
    texts.push(norm(stdout));
  }
  return { ok: false, text: texts.join(' | ') };
}
