/**
 * Briefs shared by the artwork tests: every style family, light/dark/colour palettes,
 * short and 40-character names, with and without a logo.
 */
import { Resvg } from '@resvg/resvg-js';
import type { BriefInput } from './brief.js';

/** A small two-colour logo mark (no text) as PNG bytes. */
export function makeLogo(): { data: Buffer; width: number; height: number } {
  const svg = '<svg xmlns="http://www.w3.org/2000/svg" width="300" height="120" viewBox="0 0 300 120"><circle cx="60" cy="60" r="50" fill="#e4572e"/><rect x="130" y="25" width="150" height="70" rx="35" fill="#29335c"/><circle cx="60" cy="60" r="22" fill="#ffffff"/></svg>';
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
    { brand: 'Cocoa Botanica Artisan Chocolate Works', product: 'Dark Chocolate with Sea Salt', style: ['botanical'], color: ['brown', 'mint'], element: ['leaves'], seed: 14 },
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

export type Layer = 'background' | 'ornaments' | 'logo' | 'text';

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
