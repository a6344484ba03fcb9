/**
 * The print file: the dieline sheet at print size with the design's artwork laid on every
 * panel, under the cut, crease and perforation lines.
 *
 * Layers, bottom to top: artwork grown into the bleed (mirrored edges), flaps and tucks in
 * the background colour (grown by the bleed too), the artwork clipped exactly to its panels,
 * then the dieline's own layers. Artwork comes in as outlined SVG so the file needs no fonts.
 */
import { dielineToSvg, pathData } from '../dieline/svg.js';
import type { BoxModel, SheetRegion } from './box-model/index.js';
import { bleedDef, embedArt, type EmbeddedArt, fmt, placeMatrix } from './svg-embed.js';

/**
 * Angle of one fan cell and the most change of horizontal scale within one ring of cells:
 * neighbouring cells then meet within about 0.2 mm on a cup, well inside the ±0.5 mm a cup
 * press registers to, with a few hundred cells at most.
 */
const FAN_STEP = (3 * Math.PI) / 180;
const FAN_SCALE_STEP = 0.03;
/** Cells overlap by this much so no anti-aliased hairline shows between them on screen. */
const SEAM = 0.2;

/**
 * Composes the print SVG. `artwork` maps each art key of the model to its SVG (mm viewBox);
 * `background` is the design's background colour for the panels without artwork.
 */
export function composePrintSheet(model: BoxModel, artwork: ReadonlyMap<string, string>, background: string): string {
  const d = model.dieline;
  const bleed = d.bleed;
  const embedded = new Map<string, EmbeddedArt>();
  const defs: string[] = [];
  const embed = (key: string): EmbeddedArt => {
    const known = embedded.get(key);
    if (known) return known;
    const svg = artwork.get(key);
    if (!svg) throw new Error(`no artwork for ${key}`);
    const e = embedArt(svg, `art${embedded.size + 1}`);
    embedded.set(key, e);
    defs.push(e.defs, bleedDef(e, bleed));
    return e;
  };

  const under: string[] = [];
  const exact: string[] = [];
  let clipCount = 0;
  const clip = (pathD: string): string => {
    const id = `clip${++clipCount}`;
    defs.push(`<clipPath id="${id}"><path d="${pathD}"/></clipPath>`);
    return id;
  };

  for (const region of model.regions) {
    const art = embed(region.art.key);
    if (region.kind === 'rect') {
      const m = placeMatrix(region.rect.x, region.rect.y, region.rect.width, region.rect.height, region.rotation, art.widthMm, art.heightMm);
      const { x, y, width, height } = region.rect;
      const grown = `M${fmt(x - bleed)} ${fmt(y - bleed)} h${fmt(width + 2 * bleed)} v${fmt(height + 2 * bleed)} h${fmt(-(width + 2 * bleed))} Z`;
      under.push(`<g clip-path="url(#${clip(grown)})"><use href="#${art.id}-bleed" transform="${m}"/></g>`);
      const use = `<use href="#${art.id}" transform="${m}"/>`;
      exact.push(region.clip ? `<g clip-path="url(#${clip(pathData(region.clip))})">${use}</g>` : use);
    } else {
      exact.push(fanMarkup(region, art, bleed, clip));
    }
  }

  const plain = model.plainPanels.map((p) => `<path d="${pathData(p.shape)}"/>`).join('');
  const artworkLayer =
    `<defs>${defs.join('')}</defs>\n` +
    `<g id="artwork-bleed">${under.join('')}</g>\n` +
    (plain ? `<g id="plain-panels" fill="${background}" stroke="${background}" stroke-width="${fmt(2 * bleed)}" stroke-linejoin="round">${plain}</g>\n` : '') +
    `<g id="artwork">${exact.join('')}</g>\n`;

  const base = dielineToSvg(d);
  const open = /<svg\b[^>]*>\n?/.exec(base);
  if (!open) throw new Error('dieline SVG has no root element');
  const at = open.index + open[0].length;
  return base.slice(0, at) + artworkLayer + base.slice(at);
}

/** One cell of artwork bent onto a fan: the art's rectangle [x0, x1] × [y0, y1] mapped by `matrix`. */
export interface FanCell {
  readonly x0: number;
  readonly x1: number;
  readonly y0: number;
  readonly y1: number;
  /** SVG matrix (a b c d e f) from art mm to sheet mm. */
  readonly matrix: readonly [number, number, number, number, number, number];
  /** Clip outline in sheet mm (the cell, grown by a hair, and by the bleed at the fan's ends). */
  readonly clip: string;
  /** The cell meets the sheet's outline: it takes the bled artwork. */
  readonly edge: boolean;
}

/**
 * Artwork of `w`×`h` mm bent onto a fan (a cup wall): small cells, each the affine map that
 * matches the polar map (x → angle, y → radius) at the cell's centre.
 */
export function fanCells(region: Extract<SheetRegion, { kind: 'fan' }>, w: number, h: number, bleed: number): FanCell[] {
  const { apex, rOuter, rInner, phiStart, phiEnd } = region;
  const span = phiEnd - phiStart;
  const slant = rOuter - rInner;
  const cols = Math.max(1, Math.ceil(Math.abs(span) / FAN_STEP));
  const rows = Math.max(1, Math.ceil(slant / rOuter / FAN_SCALE_STEP));
  const dPhi = span / cols;
  const dR = slant / rows;
  const at = (r: number, phi: number) => `${fmt(apex.x + r * Math.sin(phi))} ${fmt(apex.y - r * Math.cos(phi))}`;
  const out: FanCell[] = [];
  for (let i = 0; i < cols; i++) {
    const p0 = phiStart + i * dPhi;
    const p1 = p0 + dPhi;
    const pc = (p0 + p1) / 2;
    for (let j = 0; j < rows; j++) {
      const r0 = rOuter - j * dR;
      const r1 = r0 - dR;
      const rc = (r0 + r1) / 2;
      // Only the fan's ends meet the sheet's outline: the rim and base run into the turn-ins.
      const edge = (i === 0 && region.bleedStart) || (i === cols - 1 && region.bleedEnd);
      const ro = r0 + SEAM;
      const ri = r1 - SEAM;
      const pa = p0 - (i === 0 && region.bleedStart ? bleed : SEAM) / ri;
      const pb = p1 + (i === cols - 1 && region.bleedEnd ? bleed : SEAM) / ri;
      const xc = ((pc - phiStart) / span) * w;
      const yc = ((rOuter - rc) / slant) * h;
      const sx = (span / w) * rc;
      const sy = slant / h;
      const cos = Math.cos(pc);
      const sin = Math.sin(pc);
      const [a, b, c, d] = [sx * cos, sx * sin, -sy * sin, sy * cos];
      const px = apex.x + rc * sin;
      const py = apex.y - rc * cos;
      out.push({
        x0: (i / cols) * w,
        x1: ((i + 1) / cols) * w,
        y0: (j / rows) * h,
        y1: ((j + 1) / rows) * h,
        matrix: [a, b, c, d, px - a * xc - c * yc, py - b * xc - d * yc],
        clip: `M${at(ro, pa)} L${at(ro, pb)} L${at(ri, pb)} L${at(ri, pa)} Z`,
        edge,
      });
    }
  }
  return out;
}

function fanMarkup(region: Extract<SheetRegion, { kind: 'fan' }>, art: EmbeddedArt, bleed: number, clip: (d: string) => string): string {
  return fanCells(region, art.widthMm, art.heightMm, bleed)
    .map(
      (cell) =>
        `<g clip-path="url(#${clip(cell.clip)})"><use href="#${art.id}${cell.edge ? '-bleed' : ''}" transform="matrix(${cell.matrix.map(fmt).join(' ')})"/></g>`,
    )
    .join('');
}
