#!/usr/bin/env node
// `npm run gallery`: one packshot of every catalogue box type on one contact sheet, each tile
// captioned with the box's name and id, so a change to the 3D shapes can be judged at a glance.
//
//   npm run gallery [-- --size 512] [--only wine-bottle,beer-bottle] [--tiles]
//
// --size   tile size in px (default 512; the packshot is rendered at this size)
// --only   slugs or ids to render (default: all)
// --tiles  also write each packshot to gallery/tiles/<slug>.png
//
// Writes gallery/packshots.png (git-ignored) and prints its path.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Resvg } from '@resvg/resvg-js';
import sharp from 'sharp';
import { tsImport } from 'tsx/esm/api';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const opt = (name) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
};
const tile = Number(opt('size') ?? 512);
const only = opt('only')
  ?.split(',')
  .map((s) => s.trim())
  .filter(Boolean);
const writeTiles = args.includes('--tiles');

const { BOX_TYPES } = await tsImport('../packages/contracts/src/catalog/boxes.ts', import.meta.url);
const engine = await tsImport('../packages/design-engine/src/pipeline/index.ts', import.meta.url);
const { fontFace } = await tsImport('../packages/design-engine/src/artwork/fonts.ts', import.meta.url);

/** A product that suits each kind of pack, so the artwork reads as that pack would. */
const PRODUCTS = {
  'folding-carton': 'Night Serum',
  'rigid-box': 'Gift Set',
  'corrugated-box': 'Home Essentials',
  bottle: 'Still Water',
  can: 'Sparkling Lemon',
  jar: 'Wild Honey',
  tube: 'Hand Cream',
  pouch: 'Trail Mix',
  bag: 'Fresh Bakery',
  cup: 'Flat White',
  bowl: 'Poke Bowl',
  tub: 'Greek Salad',
};
const BY_SLUG = {
  'wine-bottle': 'Pinot Noir',
  'beer-bottle': 'Pale Ale',
  'spirits-bottle': 'London Dry Gin',
  'juice-bottle': 'Orange Juice',
  'dropper-bottle': 'Face Oil',
  'pump-bottle': 'Hand Wash',
  'spray-bottle': 'Rose Toner',
  'shampoo-bottle': 'Shampoo',
  'cream-jar': 'Day Cream',
  'toothpaste-tube': 'Toothpaste',
  'lip-balm-tube': 'Lip Balm',
  'paper-tube': 'Loose Tea',
  'cold-cup': 'Iced Latte',
  'ice-cream-cup': 'Vanilla Gelato',
  'side-gusset-bag': 'Coffee Beans',
  'shopping-bag': 'Boutique',
  sachet: 'Face Mask',
};

const boxes = BOX_TYPES.filter((b) => !only || only.includes(b.slug) || only.includes(String(b.id)));
if (boxes.length === 0) {
  console.error(`no box type matches ${only?.join(', ')}`);
  process.exit(2);
}

const fontFile = fontFace('inter', 600).file;
const caption = 44;
const escape = (s) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The caption strip under a tile: name on the left, id on the right, in the engine's own Inter. */
function captionPng(name, id) {
  // Shrink long names (the FEFCO containers) so name and id never overlap.
  const fs1 = Math.round(Math.min(caption * 0.42, (tile - 90) / (0.56 * name.length)));
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${tile}" height="${caption}">
<rect width="100%" height="100%" fill="#ffffff"/>
<text x="12" y="${caption * 0.64}" font-family="Inter" font-weight="600" font-size="${fs1}" fill="#222">${escape(name)}</text>
<text x="${tile - 12}" y="${caption * 0.64}" text-anchor="end" font-family="Inter" font-weight="600" font-size="${fs1}" fill="#888">#${id}</text>
</svg>`;
  const r = new Resvg(svg, { font: { fontFiles: [fontFile], loadSystemFonts: false, defaultFontFamily: 'Inter' }, logLevel: 'off' });
  return r.render().asPng();
}

const t0 = performance.now();
await engine.warmUp();
const outDir = path.join(root, 'gallery');
fs.mkdirSync(path.join(outDir, writeTiles ? 'tiles' : ''), { recursive: true });
const tiles = [];
for (const box of boxes) {
  const product = BY_SLUG[box.slug] ?? PRODUCTS[box.geometry] ?? 'Sample';
  const brief = { brand: 'Packsmith', product, boxId: box.id, element: [], style: ['minimalist'], color: ['teal'] };
  const t = performance.now();
  const [design] = await engine.renderDesignSet({ brief, count: 1, seed: 7, size: tile });
  console.log(`${String(box.id).padStart(3)} ${box.slug.padEnd(20)} ${Math.round(performance.now() - t)} ms`);
  if (writeTiles) fs.writeFileSync(path.join(outDir, 'tiles', `${box.slug}.png`), design.packshotPng);
  tiles.push({ box, png: design.packshotPng });
}
await engine.closeDesignWorkers();

const cols = Math.min(7, tiles.length);
const rows = Math.ceil(tiles.length / cols);
const gap = 6;
const cellH = tile + caption;
const composites = [];
tiles.forEach(({ box, png }, i) => {
  const left = gap + (i % cols) * (tile + gap);
  const top = gap + Math.floor(i / cols) * (cellH + gap);
  composites.push({ input: png, left, top });
  composites.push({ input: captionPng(box.name, box.id), left, top: top + tile });
});
const sheet = path.join(outDir, only ? 'packshots-subset.png' : 'packshots.png');
await sharp({
  create: { width: gap + cols * (tile + gap), height: gap + rows * (cellH + gap), channels: 3, background: '#d8d6d2' },
})
  .composite(composites)
  .png({ compressionLevel: 6 })
  .toFile(sheet);
console.log(`${tiles.length} packshots in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
console.log(sheet);
