/** An icon of the design engine's set as a coverage map (0–1 per pixel), for the prompt fill to colour and shade. */
import { iconBody, svgToPixels } from '@packsmith/design-engine/creative';

/**
 * The icon drawn `size` px square: its strokes at a weight that reads at that size, and its closed
 * shapes filled, so a leaf or a heart is a solid shape in the hole rather than a thin outline.
 */
export function iconCoverage(name: string, size: number): Float32Array {
  const s = Math.max(8, Math.round(size));
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="-1 -1 26 26" width="${s}" height="${s}">` +
    `<g fill="#000" fill-opacity="0.9" stroke="#000" stroke-width="2.2" stroke-linecap="round" stroke-linejoin="round">${iconBody(name)}</g></svg>`;
  const px = svgToPixels(svg, s);
  const out = new Float32Array(s * s);
  const n = Math.min(s * s, px.width * px.height);
  for (let i = 0; i < n; i++) out[i] = (px.data[i * 4 + 3] as number) / 255;
  return out;
}
