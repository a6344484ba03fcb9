/**
 * Briefs shared by the artwork tests: every style family, light/dark/colour palettes,
 * short and 40-character names, with and without a logo.
 */
import { Resvg } from '@resvg/resvg-js';
import type { BriefInput } from './brief.js';

/** A small two-colour logo mark (no text) as PNG bytes. */
export function makeLogo(): { data: Buffer; width: number; height: number } {
  const svg =
    '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="120" viewBox="0 0 300 120"><circle cx="60" cy="60" r="50" fill="#e4572e"/><rect x="130" y="25" width="150" height="70" rx="35" fill="#29335c"/><circle cx="60" cy="60" r="22" fill="#ffffff"/></svg>';
  return { data: new Resvg(svg).render().asPng(), width: 300, height: 120 };
}

export const LONG_BRAND = 'The Extraordinary Northern Coast Company';

export function variedBriefs(): BriefInput[] {
  const logo = makeLogo();
  return [
    { brand: 'Lumen', product: 'Cold Brew Coffee', style: ['minimalist'], color: ['navy'], element: ['coffee'], seed: 1 },
    { brand: 'Willow & Thyme', product: 'Lavender Hand Soap', style: ['botanical'], color: ['lavender', 'sage'], element: ['leaves'], seed: 2 },
    { brand: 'Aurum', product: 'Eau de Parfum', style: ['luxury'], color: ['black', 'gold'], element: ['star'], seed: 3 },
    { brand: 'Hazel & Oak', product: 'Stoneground Wholemeal Flour', style: ['vintage'], color: ['cream', 'burgundy'], element: ['wheat'], seed: 4 },
    { brand: 'Pip Pop', product: 'Fruity Gummy Bears', style: ['playful'], color: ['pink'], element: ['star', 'heart'], seed: 5 },
    { brand: 'Vektor', product: 'Wireless Earbuds', style: ['modern'], color: ['electric blue', 'cyan'], element: ['zap'], seed: 6 },
    { brand: 'Kubo', product: 'Building Blocks Set', style: ['geometric'], color: ['yellow', 'blue'], element: [], seed: 7 },
    { brand: 'BLAZE', product: 'Hot Sauce', style: ['bold'], color: ['red', 'orange'], element: ['flame'], seed: 8 },
    { brand: LONG_BRAND, product: 'Smoked Sea Salt Flakes', style: ['minimalist'], color: ['teal'], element: ['wave'], seed: 9 },
    { brand: 'Maison Belle', product: 'Rose Scented Candle', style: ['luxury'], color: ['blush', 'champagne'], element: ['flower'], seed: 10, logo },
    { brand: 'Oda', product: 'Matcha Green Tea', style: ['minimalist', 'botanical'], color: ['green'], element: ['leaf'], seed: 11, logo },
    { brand: 'Sunny Side Bakery', product: 'Butter Croissant Cookies', style: ['playful'], color: ['orange', 'cream'], element: ['sun'], seed: 12 },
    { brand: 'Nordvik', product: 'Mountain Spring Water', style: ['modern'], color: ['pastel blue'], element: ['mountain'], seed: 13, logo },
    {
      brand: 'Cocoa Botanica Artisan Chocolate Works',
      product: 'Dark Chocolate with Sea Salt',
      style: ['botanical'],
      color: ['brown', 'mint'],
      element: ['leaves'],
      seed: 14,
    },
    { brand: 'Retro Rocket', product: 'Popping Candy', style: ['retro'], color: ['teal', 'mustard'], element: ['rocket', 'star'], seed: 15 },
    { brand: 'Atelier Nine', product: 'Silk Scarf', style: ['geometric', 'luxury'], color: ['#1e3a8a', '#f59e0b'], element: [], seed: 16 },
    { brand: 'Happy Paws', product: 'Chicken Dog Treats', style: ['playful'], color: ['yellow'], element: ['paw'], seed: 17, logo },
    { brand: 'Old Mill Cider', product: 'Dry Apple Cider', style: ['vintage'], color: ['green', 'gold'], element: ['apple'], seed: 18 },
    { brand: 'Glow Lab', product: 'Vitamin C Face Serum', style: ['modern'], color: ['peach'], element: ['sparkle'], seed: 19 },
    { brand: 'Terra', product: 'Organic Granola', style: ['earthy'], color: ['terracotta', 'olive'], element: ['sun', 'wheat'], seed: 20 },
    { brand: 'Noir', product: 'Espresso Beans', style: ['bold'], color: ['black'], element: ['coffee'], seed: 21 },
    { brand: 'Fjord & Fern', product: 'Pine Forest Candle', style: [], color: [], element: ['tree'], seed: 22 },
    { brand: 'Zest', product: 'Lemon Sparkling Water', style: ['minimalist'], color: ['lemon', 'dark green'], element: ['citrus'], seed: 23 },
    { brand: 'Velvet Moon', product: 'Night Repair Cream', style: ['luxury'], color: ['purple'], element: ['moon', 'star'], seed: 24 },
  ];
}

export type Layer = 'background' | 'ornaments' | 'illustration' | 'logo' | 'text';

/** The panel SVG with the named layers removed. */
export function withoutLayers(svg: string, layers: readonly Layer[]): string {
  let out = svg;
  for (const layer of layers) out = out.replace(new RegExp(`<g data-layer="${layer}">[\\s\\S]*?<!--/${layer}-->`), '');
  return out;
}

export interface ZoneBox {
  x: number;
  y: number;
  w: number;
  h: number;
}

/**
 * Indices (into an RGBA buffer) of the pixels of a `widthPx`×`heightPx` render of a
 * `wMm`×`hMm` panel that lie wholly inside `zone` (anti-aliased edge pixels excluded).
 */
export function pixelsInside(zone: ZoneBox, wMm: number, hMm: number, widthPx: number, heightPx: number): number[] {
  const sx = widthPx / wMm;
  const sy = heightPx / hMm;
  const x0 = Math.ceil(zone.x * sx);
  const y0 = Math.ceil(zone.y * sy);
  const x1 = Math.floor((zone.x + zone.w) * sx);
  const y1 = Math.floor((zone.y + zone.h) * sy);
  const out: number[] = [];
  for (let y = Math.max(0, y0); y < Math.min(heightPx, y1); y++) {
    for (let x = Math.max(0, x0); x < Math.min(widthPx, x1); x++) out.push((y * widthPx + x) * 4);
  }
  return out;
}

/**
 * A busy, photograph-like image made on the spot (no fixture files): a sky-to-ground gradient,
 * hundreds of overlapping soft shapes in every colour (out-of-focus light), a fractal grain
 * (foliage, gravel) and scattered sharp twigs — light and dark detail everywhere, so no single
 * text colour reads on it. `strokes` sets how many twigs: the default 160 is photo-like; a few
 * hundred turn it into a glyph-like stroke soup (see the OCR test's notes).
 */
export function makeBusyPhoto(width = 768, height = 768, seed = 7, strokes = 160): Buffer {
  let s = seed >>> 0 || 1;
  const rand = () => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s / 4294967296;
  };
  const hex = () =>
    `#${Math.floor(rand() * 0xffffff)
      .toString(16)
      .padStart(6, '0')}`;
  const parts: string[] = [
    `<defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#3b6ea8"/><stop offset="0.55" stop-color="#f2c57c"/><stop offset="1" stop-color="#2f3b1f"/></linearGradient>`,
    `<filter id="soft"><feGaussianBlur stdDeviation="${(width / 256).toFixed(2)}"/></filter>`,
    `<filter id="grain" x="0" y="0" width="100%" height="100%"><feTurbulence type="fractalNoise" baseFrequency="${(24 / width).toFixed(4)}" numOctaves="4" seed="${seed}"/><feColorMatrix values="0 0 0 0 0.5  0 0 0 0 0.5  0 0 0 0 0.5  1.6 0 0 0 -0.55"/></filter></defs>`,
    `<rect width="${width}" height="${height}" fill="url(#sky)"/>`,
    '<g filter="url(#soft)">',
  ];
  for (let i = 0; i < 260; i++) {
    const r = (0.015 + rand() * 0.09) * width;
    parts.push(
      `<ellipse cx="${(rand() * width).toFixed(1)}" cy="${(rand() * height).toFixed(1)}" rx="${r.toFixed(1)}" ry="${(r * (0.4 + rand())).toFixed(1)}" fill="${hex()}" opacity="${(0.5 + rand() * 0.5).toFixed(2)}"/>`,
    );
  }
  parts.push('</g>');
  // Grain: light and dark mottling over everything, like foliage or gravel in a photo.
  parts.push(`<rect width="${width}" height="${height}" filter="url(#grain)" opacity="0.55"/>`);
  for (let i = 0; i < strokes; i++) {
    const x = rand() * width;
    const y = rand() * height;
    const a = rand() * Math.PI;
    const l = (0.01 + rand() * 0.04) * width;
    parts.push(
      `<line x1="${x.toFixed(1)}" y1="${y.toFixed(1)}" x2="${(x + Math.cos(a) * l).toFixed(1)}" y2="${(y + Math.sin(a) * l).toFixed(1)}" stroke="${rand() < 0.5 ? '#fdfdf8' : '#101010'}" stroke-width="${(1 + rand() * 2).toFixed(1)}"/>`,
    );
  }
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">${parts.join('')}</svg>`;
  return new Resvg(svg).render().asPng();
}

/** A flat illustration (no text) in two distinctive colours: easy to find again in a render. */
export function makeIllustration(size = 512): Buffer {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${size}" height="${size}" viewBox="0 0 100 100"><rect width="100" height="100" fill="#ff00ff"/><circle cx="50" cy="55" r="30" fill="#00d26a"/><path d="M50 10 L62 35 L38 35 Z" fill="#00d26a"/></svg>`;
  return new Resvg(svg).render().asPng();
}
