/**
 * Text on a product in a mockup template: the text set in the surface's design space (measured
 * for contrast against that area as the scene shows it), then laid on through the UV map, lit as
 * the surface is. The server's one call for "text on product".
 */
import type { TextStyle } from '@packsmith/contracts';
import { renderTextOverlay } from '@packsmith/vision/text-overlay';
import type { PrintMaterial } from './apply.js';
import { applyOverlay, surfaceBackdrop } from './overlay.js';
import type { Placement } from './sampling.js';
import type { TemplateMaps } from './types.js';

export interface TextOnProductInput {
  readonly sceneRgb: Uint8Array;
  readonly maps: TemplateMaps;
  /** Index into maps.surfaces (e.g. the pack's front). */
  readonly surface: number;
  readonly text: string;
  /** style.box is in design-area pixels (absent: the area's upper middle). */
  readonly style?: TextStyle;
  readonly placement?: Placement;
  readonly material?: PrintMaterial;
}

export interface TextOnProductResult {
  /** The mockup with the text: sRGB RGB, maps.width × maps.height × 3. */
  rgb: Buffer;
  /** The text's ink bounds in design-area pixels. */
  box: { x: number; y: number; width: number; height: number };
  contrast: number;
  font: string;
  color: string;
}

export function textOnProduct(input: TextOnProductInput): TextOnProductResult {
  const area = input.maps.surfaces[input.surface]?.designArea;
  if (!area) throw new Error(`no surface ${input.surface} in this template`);
  const width = Math.max(1, Math.round(area.width));
  const height = Math.max(1, Math.round(area.height));
  const under = surfaceBackdrop({ sceneRgb: input.sceneRgb, maps: input.maps, surface: input.surface, width, height, placement: input.placement });
  const t = renderTextOverlay(input.text, width, height, { style: input.style, under });
  const rgb = applyOverlay({
    sceneRgb: input.sceneRgb,
    maps: input.maps,
    surface: input.surface,
    overlay: t.overlay,
    placement: input.placement,
    material: input.material,
  });
  return { rgb, box: t.box, contrast: t.contrast, font: t.font, color: t.color };
}
