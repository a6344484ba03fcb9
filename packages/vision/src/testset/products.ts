/**
 * Procedural product drawings for the cut-out test set. Each product is SVG art plus the same
 * shapes painted white: the ground-truth silhouette, so the mask is exact by construction.
 */
import { hex, hsl, mix, shade, type Rgb } from './color.js';
import type { Rng } from './random.js';

export const PRODUCT_KINDS = ['bottle', 'box', 'jar', 'pouch', 'can', 'tube', 'glass'] as const;
export type ProductKind = (typeof PRODUCT_KINDS)[number];

/** Where a product stands in the photo, in pixels. */
export interface Placement {
  cx: number;
  /** y of the product's base (where it touches the floor). */
  bottom: number;
  /** Overall height of the product. */
  height: number;
  /** Light comes from the left (true) or right. */
  lightLeft: boolean;
}

export interface ProductDrawing {
  kind: ProductKind;
  /** SVG elements painting the product (its own defs inline). */
  art: string;
  /** SVG elements painting the silhouette in white: the binary ground truth (anti-aliased edges). */
  silhouette: string;
  /** SVG elements painting the true alpha in white: glass is partly transparent; otherwise the silhouette. */
  alpha: string;
  bounds: { x0: number; y0: number; x1: number; y1: number };
  /** The footprint, for the floor shadow. */
  foot: { cx: number; y: number; rx: number };
}

const f = (v: number): string => v.toFixed(1);

/** Horizontal cylinder shading: a black overlay whose opacity follows the light around the body. */
function cylinderShade(id: string, lightLeft: boolean, strength: number): string {
  const profile = [0.62, 0.28, 0.04, 0.0, 0.12, 0.38, 0.7];
  const stops = (lightLeft ? profile : [...profile].reverse())
    .map((o, i) => `<stop offset="${(i / (profile.length - 1)).toFixed(3)}" stop-color="#000" stop-opacity="${(o * strength).toFixed(3)}"/>`)
    .join('');
  return `<linearGradient id="${id}" x1="0" x2="1" y1="0" y2="0">${stops}</linearGradient>`;
}

/** A soft specular streak (white, fading at both sides). */
function streak(id: string, opacity: number): string {
  return `<linearGradient id="${id}" x1="0" x2="1" y1="0" y2="0"><stop offset="0" stop-color="#fff" stop-opacity="0"/><stop offset="0.5" stop-color="#fff" stop-opacity="${opacity.toFixed(2)}"/><stop offset="1" stop-color="#fff" stop-opacity="0"/></linearGradient>`;
}

/** Fake typography: rows of short bars, as a label's text would look from afar. */
function textLines(rng: Rng, x: number, y: number, w: number, h: number, color: string, rows: number): string {
  const out: string[] = [];
  const rowH = h / (rows * 1.8);
  for (let r = 0; r < rows; r++) {
    const lineW = w * rng.range(0.45, 1);
    const x0 = x + (w - lineW) / 2;
    out.push(`<rect x="${f(x0)}" y="${f(y + r * rowH * 1.8)}" width="${f(lineW)}" height="${f(rowH)}" rx="${f(rowH / 3)}" fill="${color}"/>`);
  }
  return out.join('');
}

function brandColor(rng: Rng): Rgb {
  const pastel = rng.next() < 0.3;
  return hsl(rng.range(0, 360), pastel ? rng.range(0.2, 0.45) : rng.range(0.45, 0.85), pastel ? rng.range(0.72, 0.88) : rng.range(0.22, 0.55));
}

function label(rng: Rng, x: number, y: number, w: number, h: number, base: Rgb): string {
  const paper = rng.next() < 0.5 ? hsl(rng.range(30, 60), 0.3, rng.range(0.86, 0.95)) : shade(base, rng.range(1.3, 1.8));
  const ink = hex(shade(base, 0.45));
  const accent = hex(hsl(rng.range(0, 360), 0.7, 0.5));
  const parts = [
    `<rect x="${f(x)}" y="${f(y)}" width="${f(w)}" height="${f(h)}" fill="${hex(paper)}"/>`,
    `<rect x="${f(x)}" y="${f(y + h * 0.08)}" width="${f(w)}" height="${f(h * 0.06)}" fill="${accent}"/>`,
    `<circle cx="${f(x + w / 2)}" cy="${f(y + h * 0.36)}" r="${f(Math.min(w, h) * 0.14)}" fill="${ink}"/>`,
    textLines(rng, x + w * 0.2, y + h * 0.6, w * 0.6, h * 0.3, ink, 3),
  ];
  return parts.join('');
}

interface Shape {
  /** The product's art, its silhouette and its true alpha. */
  art: string;
  outline: string;
  alpha?: string;
  x0: number;
  x1: number;
  y0: number;
  footRx: number;
}

function bottle(rng: Rng, id: string, p: Placement): Shape {
  const h = p.height;
  const w = h * rng.range(0.26, 0.38);
  const ch = h * rng.range(0.07, 0.11);
  const cw = w * rng.range(0.36, 0.5);
  const nw = cw * 0.88;
  const nh = h * rng.range(0.04, 0.1);
  const sh = h * rng.range(0.08, 0.16);
  const b = p.bottom;
  const yb = b - (h - ch - nh - sh);
  const ys = yb - sh;
  const yn = ys - nh;
  const yc = yn - ch;
  const x0 = p.cx - w / 2;
  const x1 = p.cx + w / 2;
  const r = w * 0.12;
  const body = `M${f(x0 + r)},${f(b)} L${f(x1 - r)},${f(b)} Q${f(x1)},${f(b)} ${f(x1)},${f(b - r)} L${f(x1)},${f(yb)} C${f(x1)},${f(yb - sh * 0.7)} ${f(p.cx + nw / 2)},${f(ys + sh * 0.35)} ${f(p.cx + nw / 2)},${f(ys)} L${f(p.cx + nw / 2)},${f(yn)} L${f(p.cx - nw / 2)},${f(yn)} L${f(p.cx - nw / 2)},${f(ys)} C${f(p.cx - nw / 2)},${f(ys + sh * 0.35)} ${f(x0)},${f(yb - sh * 0.7)} ${f(x0)},${f(yb)} L${f(x0)},${f(b - r)} Q${f(x0)},${f(b)} ${f(x0 + r)},${f(b)} Z`;
  const cap = `M${f(p.cx - cw / 2)},${f(yn + 1)} L${f(p.cx - cw / 2)},${f(yc + ch * 0.12)} Q${f(p.cx - cw / 2)},${f(yc)} ${f(p.cx - cw / 2 + ch * 0.12)},${f(yc)} L${f(p.cx + cw / 2 - ch * 0.12)},${f(yc)} Q${f(p.cx + cw / 2)},${f(yc)} ${f(p.cx + cw / 2)},${f(yc + ch * 0.12)} L${f(p.cx + cw / 2)},${f(yn + 1)} Z`;
  const base = brandColor(rng);
  const capColor = rng.next() < 0.5 ? hsl(0, 0, rng.range(0.08, 0.9)) : shade(base, 0.6);
  const labelY = yb + (b - yb) * rng.range(0.12, 0.25);
  const labelH = (b - yb) * rng.range(0.45, 0.6);
  const art = `<defs>${cylinderShade(`${id}s`, p.lightLeft, 1)}${streak(`${id}h`, 0.55)}<clipPath id="${id}c"><path d="${body}"/><path d="${cap}"/></clipPath></defs>
<path d="${body}" fill="${hex(base)}"/><path d="${cap}" fill="${hex(capColor)}"/>
<g clip-path="url(#${id}c)">${label(rng, x0, labelY, w, labelH, base)}
${Array.from({ length: 8 }, (_, i) => `<rect x="${f(p.cx - cw / 2)}" y="${f(yc + (ch * (i + 0.5)) / 8)}" width="${f(cw)}" height="${f(ch / 24)}" fill="#000" opacity="0.18"/>`).join('')}
<rect x="${f(x0)}" y="${f(yc)}" width="${f(w)}" height="${f(b - yc)}" fill="url(#${id}s)"/>
<rect x="${f(p.lightLeft ? x0 + w * 0.16 : x1 - w * 0.3)}" y="${f(ys)}" width="${f(w * 0.14)}" height="${f(b - ys - r)}" fill="url(#${id}h)"/></g>`;
  return { art, outline: `<path d="${body}"/><path d="${cap}"/>`, x0, x1, y0: yc, footRx: w * 0.5 };
}

function box(rng: Rng, id: string, p: Placement): Shape {
  const h = p.height;
  const depth = h * rng.range(0.12, 0.3);
  const fh = h - depth * 0.5;
  const fw = h * rng.range(0.45, 0.85);
  const dir = p.lightLeft ? 1 : -1;
  // Front face, then the side face on the shadow side and the top face, in an oblique projection.
  const fx0 = p.cx - (fw + depth * 0.8) / 2 + (dir < 0 ? depth * 0.8 : 0);
  const fx1 = fx0 + fw;
  const b = p.bottom;
  const ft = b - fh;
  const dx = depth * 0.8 * dir;
  const dy = -depth * 0.5;
  const front = `M${f(fx0)},${f(b)} L${f(fx1)},${f(b)} L${f(fx1)},${f(ft)} L${f(fx0)},${f(ft)} Z`;
  const sx = dir > 0 ? fx1 : fx0;
  const side = `M${f(sx)},${f(b)} L${f(sx + dx)},${f(b + dy)} L${f(sx + dx)},${f(ft + dy)} L${f(sx)},${f(ft)} Z`;
  const top = `M${f(fx0)},${f(ft)} L${f(fx1)},${f(ft)} L${f(fx1 + dx)},${f(ft + dy)} L${f(fx0 + dx)},${f(ft + dy)} Z`;
  const white = rng.next() < 0.25;
  const base = white ? hsl(rng.range(0, 360), 0.05, rng.range(0.88, 0.95)) : brandColor(rng);
  const accent = hex(hsl(rng.range(0, 360), 0.75, 0.45));
  const ink = hex(white ? hsl(220, 0.3, 0.2) : shade(base, 0.35));
  const art = `<defs><linearGradient id="${id}g" x1="0" x2="0" y1="0" y2="1"><stop offset="0" stop-color="#fff" stop-opacity="0.12"/><stop offset="1" stop-color="#000" stop-opacity="0.12"/></linearGradient><clipPath id="${id}f"><path d="${front}"/></clipPath></defs>
<path d="${front}" fill="${hex(base)}"/><path d="${side}" fill="${hex(shade(base, 0.68))}"/><path d="${top}" fill="${hex(shade(base, 1.12))}"/>
<g clip-path="url(#${id}f)"><rect x="${f(fx0)}" y="${f(ft + fh * 0.62)}" width="${f(fw)}" height="${f(fh * 0.1)}" fill="${accent}"/>
<circle cx="${f(fx0 + fw / 2)}" cy="${f(ft + fh * 0.32)}" r="${f(Math.min(fw, fh) * 0.16)}" fill="none" stroke="${ink}" stroke-width="${f(fw * 0.02)}"/>
${textLines(rng, fx0 + fw * 0.2, ft + fh * 0.78, fw * 0.6, fh * 0.14, ink, 2)}
<rect x="${f(fx0)}" y="${f(ft)}" width="${f(fw)}" height="${f(fh)}" fill="url(#${id}g)"/></g>
<path d="${side}" fill="none" stroke="#000" stroke-opacity="0.15" stroke-width="1"/>`;
  const xs = [fx0, fx1, fx0 + dx, fx1 + dx];
  return {
    art,
    outline: `<path d="${front}"/><path d="${side}"/><path d="${top}"/>`,
    x0: Math.min(...xs),
    x1: Math.max(...xs),
    y0: ft + dy,
    footRx: (fw + Math.abs(dx)) * 0.5,
  };
}

function jar(rng: Rng, id: string, p: Placement): Shape {
  const h = p.height;
  const w = h * rng.range(0.7, 1.05);
  const lh = h * rng.range(0.14, 0.22);
  const lw = w * rng.range(0.86, 0.98);
  const b = p.bottom;
  const yl = b - h + lh;
  const x0 = p.cx - w / 2;
  const x1 = p.cx + w / 2;
  const r = w * 0.14;
  const body = `M${f(x0 + r)},${f(b)} L${f(x1 - r)},${f(b)} Q${f(x1)},${f(b)} ${f(x1)},${f(b - r)} L${f(x1)},${f(yl + r * 0.6)} Q${f(x1)},${f(yl)} ${f(x1 - r * 0.6)},${f(yl)} L${f(x0 + r * 0.6)},${f(yl)} Q${f(x0)},${f(yl)} ${f(x0)},${f(yl + r * 0.6)} L${f(x0)},${f(b - r)} Q${f(x0)},${f(b)} ${f(x0 + r)},${f(b)} Z`;
  const lid = `M${f(p.cx - lw / 2)},${f(yl + 2)} L${f(p.cx - lw / 2)},${f(b - h + lh * 0.1)} Q${f(p.cx - lw / 2)},${f(b - h)} ${f(p.cx - lw / 2 + lh * 0.1)},${f(b - h)} L${f(p.cx + lw / 2 - lh * 0.1)},${f(b - h)} Q${f(p.cx + lw / 2)},${f(b - h)} ${f(p.cx + lw / 2)},${f(b - h + lh * 0.1)} L${f(p.cx + lw / 2)},${f(yl + 2)} Z`;
  const base = rng.next() < 0.4 ? hsl(rng.range(20, 45), rng.range(0.3, 0.6), rng.range(0.3, 0.5)) : brandColor(rng);
  const lidColor = rng.pick([hsl(45, 0.55, 0.55), hsl(0, 0, 0.12), hsl(0, 0, 0.85), shade(base, 0.5)]);
  // Twine round the neck with a hanging tag: thin features a cut-out must keep.
  const twine = rng.next() < 0.5;
  const tx = p.cx + (p.lightLeft ? 1 : -1) * w * 0.3;
  const twineArt = twine
    ? `<path d="M${f(tx)},${f(yl + 3)} C${f(tx + w * 0.08)},${f(yl + h * 0.15)} ${f(tx - w * 0.03)},${f(yl + h * 0.25)} ${f(tx + w * 0.04)},${f(yl + h * 0.32)}" fill="none" stroke="#a08050" stroke-width="${f(Math.max(1.5, h * 0.004))}"/><rect x="${f(tx + w * 0.04 - w * 0.06)}" y="${f(yl + h * 0.32)}" width="${f(w * 0.12)}" height="${f(h * 0.12)}" fill="#e8dcc0" transform="rotate(8 ${f(tx + w * 0.04)} ${f(yl + h * 0.32)})"/>`
    : '';
  const art = `<defs>${cylinderShade(`${id}s`, p.lightLeft, 0.9)}${streak(`${id}h`, 0.45)}<clipPath id="${id}c"><path d="${body}"/><path d="${lid}"/></clipPath></defs>
<path d="${body}" fill="${hex(base)}"/><path d="${lid}" fill="${hex(lidColor)}"/>
<g clip-path="url(#${id}c)">${label(rng, x0, yl + (b - yl) * 0.25, w, (b - yl) * 0.5, base)}
${Array.from({ length: 14 }, (_, i) => `<rect x="${f(p.cx - lw / 2 + (lw * (i + 0.5)) / 14)}" y="${f(b - h)}" width="${f(lw / 80)}" height="${f(lh)}" fill="#000" opacity="0.2"/>`).join('')}
<rect x="${f(x0)}" y="${f(b - h)}" width="${f(w)}" height="${f(h)}" fill="url(#${id}s)"/>
<rect x="${f(p.lightLeft ? x0 + w * 0.12 : x1 - w * 0.24)}" y="${f(yl + r)}" width="${f(w * 0.12)}" height="${f(b - yl - 2 * r)}" fill="url(#${id}h)"/></g>${twineArt}`;
  const twineOutline = twineArt.replace(/stroke="#a08050"/, 'stroke="#fff"').replace(/fill="#e8dcc0"/, 'fill="#fff"');
  return { art, outline: `<path d="${body}"/><path d="${lid}"/>${twineOutline}`, x0, x1, y0: b - h, footRx: w * 0.5 };
}

function pouch(rng: Rng, id: string, p: Placement): Shape {
  const h = p.height;
  const w = h * rng.range(0.6, 0.8);
  const b = p.bottom;
  const t = b - h;
  const x0 = p.cx - w / 2;
  const x1 = p.cx + w / 2;
  const bulge = w * 0.04;
  const notch = h * 0.015;
  const outline = `M${f(x0 + w * 0.05)},${f(b)} Q${f(p.cx)},${f(b + h * 0.012)} ${f(x1 - w * 0.05)},${f(b)} C${f(x1 + bulge)},${f(b - h * 0.3)} ${f(x1 + bulge * 0.4)},${f(t + h * 0.4)} ${f(x1)},${f(t + h * 0.1)} L${f(x1)},${f(t + h * 0.1 - notch)} L${f(x1 - notch)},${f(t + h * 0.1 - notch * 2)} L${f(x1)},${f(t + h * 0.1 - notch * 3)} L${f(x1)},${f(t + 4)} Q${f(x1)},${f(t)} ${f(x1 - 4)},${f(t)} L${f(x0 + 4)},${f(t)} Q${f(x0)},${f(t)} ${f(x0)},${f(t + 4)} L${f(x0)},${f(t + h * 0.1 - notch * 3)} L${f(x0 + notch)},${f(t + h * 0.1 - notch * 2)} L${f(x0)},${f(t + h * 0.1 - notch)} L${f(x0)},${f(t + h * 0.1)} C${f(x0 - bulge * 0.4)},${f(t + h * 0.4)} ${f(x0 - bulge)},${f(b - h * 0.3)} ${f(x0 + w * 0.05)},${f(b)} Z`;
  const kraft = rng.next() < 0.35;
  const base = kraft ? hsl(rng.range(28, 38), 0.35, rng.range(0.5, 0.62)) : brandColor(rng);
  const crinkles = Array.from({ length: 7 }, () => {
    const y = rng.range(t + h * 0.15, b - h * 0.1);
    const x = rng.range(x0, x1 - w * 0.3);
    return `<path d="M${f(x)},${f(y)} l${f(w * rng.range(0.1, 0.3))},${f(h * rng.range(-0.05, 0.05))}" stroke="${rng.next() < 0.5 ? '#fff' : '#000'}" stroke-opacity="0.12" stroke-width="${f(h * 0.006)}"/>`;
  }).join('');
  const art = `<defs>${cylinderShade(`${id}s`, p.lightLeft, 0.55)}<clipPath id="${id}c"><path d="${outline}"/></clipPath></defs>
<path d="${outline}" fill="${hex(base)}"/>
<g clip-path="url(#${id}c)"><rect x="${f(x0)}" y="${f(t + h * 0.14)}" width="${f(w)}" height="${f(h * 0.006)}" fill="#000" opacity="0.3"/>
${label(rng, x0 + w * 0.12, t + h * 0.3, w * 0.76, h * 0.45, base)}${crinkles}
<rect x="${f(x0 - bulge)}" y="${f(t)}" width="${f(w + 2 * bulge)}" height="${f(h * 1.02)}" fill="url(#${id}s)"/></g>`;
  return { art, outline: `<path d="${outline}"/>`, x0: x0 - bulge, x1: x1 + bulge, y0: t, footRx: w * 0.48 };
}

function can(rng: Rng, id: string, p: Placement): Shape {
  const h = p.height;
  const w = h * rng.range(0.5, 0.62);
  const e = w * 0.09; // half-height of the rim ellipses seen slightly from above
  const b = p.bottom - e;
  const t = p.bottom - h + e;
  const x0 = p.cx - w / 2;
  const x1 = p.cx + w / 2;
  const outline = `M${f(x0)},${f(t)} A${f(w / 2)},${f(e)} 0 0 1 ${f(x1)},${f(t)} L${f(x1)},${f(b)} A${f(w / 2)},${f(e)} 0 0 1 ${f(x0)},${f(b)} Z`;
  const base = brandColor(rng);
  const art = `<defs>${cylinderShade(`${id}s`, p.lightLeft, 1)}${streak(`${id}h`, 0.7)}<clipPath id="${id}c"><path d="${outline}"/></clipPath>
<linearGradient id="${id}m" x1="0" x2="1"><stop offset="0" stop-color="#777"/><stop offset="0.3" stop-color="#eee"/><stop offset="0.6" stop-color="#aaa"/><stop offset="1" stop-color="#555"/></linearGradient></defs>
<path d="${outline}" fill="${hex(base)}"/>
<g clip-path="url(#${id}c)"><rect x="${f(x0)}" y="${f(t + h * 0.35)}" width="${f(w)}" height="${f(h * 0.2)}" fill="${hex(shade(base, 1.5))}"/>
${textLines(rng, x0 + w * 0.2, t + h * 0.38, w * 0.6, h * 0.15, hex(shade(base, 0.4)), 2)}
<rect x="${f(x0)}" y="${f(t - e)}" width="${f(w)}" height="${f(e * 2.2)}" fill="url(#${id}m)"/><rect x="${f(x0)}" y="${f(b - e * 0.4)}" width="${f(w)}" height="${f(e * 1.6)}" fill="url(#${id}m)"/>
<ellipse cx="${f(p.cx)}" cy="${f(t)}" rx="${f(w / 2 - e * 0.4)}" ry="${f(e * 0.7)}" fill="#bbb"/>
<rect x="${f(x0)}" y="${f(t - e)}" width="${f(w)}" height="${f(h)}" fill="url(#${id}s)"/>
<rect x="${f(p.lightLeft ? x0 + w * 0.18 : x1 - w * 0.3)}" y="${f(t)}" width="${f(w * 0.12)}" height="${f(b - t)}" fill="url(#${id}h)"/></g>`;
  return { art, outline: `<path d="${outline}"/>`, x0, x1, y0: t - e, footRx: w * 0.5 };
}

function tube(rng: Rng, id: string, p: Placement): Shape {
  const h = p.height;
  const w = h * rng.range(0.3, 0.4);
  const ch = h * 0.12;
  const cw = w * 0.45;
  const b = p.bottom;
  const capTop = b - ch;
  const t = b - h;
  const crimp = h * 0.05;
  const sw = cw * 1.15;
  const x0 = p.cx - w / 2;
  const x1 = p.cx + w / 2;
  const body = `M${f(p.cx - sw / 2)},${f(capTop + 1)} C${f(p.cx - sw / 2 - w * 0.05)},${f(capTop - h * 0.1)} ${f(x0 - w * 0.02)},${f(capTop - h * 0.3)} ${f(x0)},${f(t + crimp)} L${f(x0)},${f(t)} L${f(x1)},${f(t)} L${f(x1)},${f(t + crimp)} C${f(x1 + w * 0.02)},${f(capTop - h * 0.3)} ${f(p.cx + sw / 2 + w * 0.05)},${f(capTop - h * 0.1)} ${f(p.cx + sw / 2)},${f(capTop + 1)} Z`;
  const cap = `M${f(p.cx - cw / 2)},${f(capTop)} L${f(p.cx + cw / 2)},${f(capTop)} L${f(p.cx + cw / 2)},${f(b - 2)} Q${f(p.cx + cw / 2)},${f(b)} ${f(p.cx + cw / 2 - 2)},${f(b)} L${f(p.cx - cw / 2 + 2)},${f(b)} Q${f(p.cx - cw / 2)},${f(b)} ${f(p.cx - cw / 2)},${f(b - 2)} Z`;
  const base = rng.next() < 0.4 ? hsl(0, 0, rng.range(0.9, 0.97)) : brandColor(rng);
  const accent = hsl(rng.range(0, 360), 0.7, 0.45);
  const art = `<defs>${cylinderShade(`${id}s`, p.lightLeft, 0.8)}${streak(`${id}h`, 0.5)}<clipPath id="${id}c"><path d="${body}"/><path d="${cap}"/></clipPath></defs>
<path d="${body}" fill="${hex(base)}"/><path d="${cap}" fill="${hex(shade(accent, 0.8))}"/>
<g clip-path="url(#${id}c)">${Array.from({ length: 10 }, (_, i) => `<rect x="${f(x0)}" y="${f(t + (crimp * i) / 10)}" width="${f(w)}" height="${f(crimp / 25)}" fill="#000" opacity="0.25"/>`).join('')}
<rect x="${f(x0)}" y="${f(t + h * 0.25)}" width="${f(w)}" height="${f(h * 0.08)}" fill="${hex(accent)}"/>
${textLines(rng, x0 + w * 0.2, t + h * 0.4, w * 0.6, h * 0.25, hex(shade(accent, 0.5)), 4)}
<rect x="${f(x0 - w * 0.05)}" y="${f(t)}" width="${f(w * 1.1)}" height="${f(h)}" fill="url(#${id}s)"/>
<rect x="${f(p.lightLeft ? x0 + w * 0.15 : x1 - w * 0.28)}" y="${f(t + crimp)}" width="${f(w * 0.13)}" height="${f(h * 0.6)}" fill="url(#${id}h)"/></g>`;
  return { art, outline: `<path d="${body}"/><path d="${cap}"/>`, x0: x0 - w * 0.02, x1: x1 + w * 0.02, y0: t, footRx: cw * 0.6 };
}

/** A clear glass bottle or jar: the background shows through, so its true alpha is partial. */
function glass(rng: Rng, id: string, p: Placement): Shape {
  const isJar = rng.next() < 0.4;
  const h = p.height;
  const w = h * (isJar ? rng.range(0.6, 0.8) : rng.range(0.3, 0.4));
  const b = p.bottom;
  const x0 = p.cx - w / 2;
  const x1 = p.cx + w / 2;
  const ch = h * (isJar ? 0.14 : 0.1);
  const cw = isJar ? w * 0.9 : w * 0.42;
  const neck = isJar ? 0 : h * 0.22;
  const yb = b - h + ch + neck;
  const r = w * 0.1;
  const body = isJar
    ? `M${f(x0 + r)},${f(b)} L${f(x1 - r)},${f(b)} Q${f(x1)},${f(b)} ${f(x1)},${f(b - r)} L${f(x1)},${f(yb + r)} Q${f(x1)},${f(yb)} ${f(p.cx + cw / 2)},${f(yb)} L${f(p.cx - cw / 2)},${f(yb)} Q${f(x0)},${f(yb)} ${f(x0)},${f(yb + r)} L${f(x0)},${f(b - r)} Q${f(x0)},${f(b)} ${f(x0 + r)},${f(b)} Z`
    : `M${f(x0 + r)},${f(b)} L${f(x1 - r)},${f(b)} Q${f(x1)},${f(b)} ${f(x1)},${f(b - r)} L${f(x1)},${f(yb + neck * 0.6)} C${f(x1)},${f(yb + neck * 0.2)} ${f(p.cx + cw * 0.42)},${f(yb + neck * 0.3)} ${f(p.cx + cw * 0.42)},${f(yb)} L${f(p.cx - cw * 0.42)},${f(yb)} C${f(p.cx - cw * 0.42)},${f(yb + neck * 0.3)} ${f(x0)},${f(yb + neck * 0.2)} ${f(x0)},${f(yb + neck * 0.6)} L${f(x0)},${f(b - r)} Q${f(x0)},${f(b)} ${f(x0 + r)},${f(b)} Z`;
  const yc = b - h;
  const cap = `M${f(p.cx - cw / 2)},${f(yb + 2)} L${f(p.cx - cw / 2)},${f(yc + 3)} Q${f(p.cx - cw / 2)},${f(yc)} ${f(p.cx - cw / 2 + 3)},${f(yc)} L${f(p.cx + cw / 2 - 3)},${f(yc)} Q${f(p.cx + cw / 2)},${f(yc)} ${f(p.cx + cw / 2)},${f(yc + 3)} L${f(p.cx + cw / 2)},${f(yb + 2)} Z`;
  const tint = rng.pick<Rgb>([
    [200, 230, 215],
    [215, 225, 240],
    [235, 225, 200],
    [240, 240, 240],
  ]);
  const glassAlpha = rng.range(0.28, 0.42);
  const hasLiquid = rng.next() < 0.6;
  const liquidTop = b - (b - yb) * rng.range(0.45, 0.75);
  const liquid = hsl(rng.range(10, 50), rng.range(0.5, 0.85), rng.range(0.25, 0.45));
  const liquidAlpha = 0.82;
  const hasLabel = rng.next() < 0.5;
  const labelY = b - (b - yb) * 0.62;
  const labelH = (b - yb) * 0.36;
  const edge = Math.max(2, w * 0.035);
  const capColor = rng.pick([hsl(45, 0.5, 0.5), hsl(0, 0, 0.15), hsl(0, 0, 0.7)]);
  const mid = mix(tint, [255, 255, 255], 0.4);
  const art = `<defs><clipPath id="${id}c"><path d="${body}"/></clipPath>${cylinderShade(`${id}s`, p.lightLeft, 0.35)}${streak(`${id}h`, 0.85)}</defs>
<path d="${body}" fill="${hex(mid)}" fill-opacity="${glassAlpha.toFixed(2)}"/>
<g clip-path="url(#${id}c)">${hasLiquid ? `<rect x="${f(x0)}" y="${f(liquidTop)}" width="${f(w)}" height="${f(b - liquidTop)}" fill="${hex(liquid)}" fill-opacity="${liquidAlpha}"/>` : ''}
${hasLabel ? label(rng, x0, labelY, w, labelH, liquid) : ''}
<rect x="${f(x0)}" y="${f(yc)}" width="${f(w)}" height="${f(h)}" fill="url(#${id}s)"/>
<rect x="${f(p.lightLeft ? x0 + w * 0.14 : x1 - w * 0.24)}" y="${f(yb + neck * 0.6)}" width="${f(w * 0.1)}" height="${f(b - yb - neck * 0.6 - r)}" fill="url(#${id}h)"/></g>
<path d="${body}" fill="none" stroke="${hex(shade(tint, 0.45))}" stroke-opacity="0.75" stroke-width="${f(edge)}"/>
<path d="${cap}" fill="${hex(capColor)}"/>`;
  // The true alpha: glass partly transparent, liquid and label nearly opaque, rims and cap opaque.
  const alpha = `<defs><clipPath id="${id}a"><path d="${body}"/></clipPath></defs>
<path d="${body}" fill="#fff" fill-opacity="${glassAlpha.toFixed(2)}"/>
<g clip-path="url(#${id}a)">${hasLiquid ? `<rect x="${f(x0)}" y="${f(liquidTop)}" width="${f(w)}" height="${f(b - liquidTop)}" fill="#fff" fill-opacity="${liquidAlpha}"/>` : ''}${hasLabel ? `<rect x="${f(x0)}" y="${f(labelY)}" width="${f(w)}" height="${f(labelH)}" fill="#fff"/>` : ''}</g>
<path d="${body}" fill="none" stroke="#fff" stroke-opacity="0.75" stroke-width="${f(edge)}"/><path d="${cap}" fill="#fff"/>`;
  return {
    art,
    outline: `<path d="${body}" stroke="#fff" stroke-width="${f(edge)}"/><path d="${cap}"/>`,
    alpha,
    x0: x0 - edge / 2,
    x1: x1 + edge / 2,
    y0: yc,
    footRx: w * 0.5,
  };
}

const BUILDERS: Record<ProductKind, (rng: Rng, id: string, p: Placement) => Shape> = { bottle, box, jar, pouch, can, tube, glass };

/** Draws one product of the given kind at the placement. */
export function drawProduct(kind: ProductKind, rng: Rng, id: string, placement: Placement): ProductDrawing {
  const s = BUILDERS[kind](rng, id, placement);
  const silhouette = `<g fill="#fff" stroke="none">${s.outline}</g>`;
  return {
    kind,
    art: s.art,
    silhouette,
    alpha: s.alpha ?? silhouette,
    bounds: { x0: s.x0, y0: s.y0, x1: s.x1, y1: placement.bottom + placement.height * 0.02 },
    foot: { cx: placement.cx, y: placement.bottom, rx: s.footRx },
  };
}
