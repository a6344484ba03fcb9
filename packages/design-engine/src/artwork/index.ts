/**
 * Procedural packaging artwork: brief → palette → layout grammar → SVG → PNG.
 */
export { BriefSchema, LogoSchema, parseBrief, type Brief, type BriefInput, type LogoData } from './brief.js';
export { generateDesigns, planDesigns, type BoxPanels, type Design, type GenerateOptions, type PanelSize } from './designs.js';
export { planDesign, renderPanelArt, type DesignPlan, type PanelArt, type PanelArtInput, type PanelSpec, type PlanOptions } from './panel-art.js';
export { buildPalette, paletteColors, SCHEMES, type Palette, type Scheme } from './palette.js';
export { contrastRatio, relativeLuminance, MIN_TEXT_CONTRAST } from './contrast.js';
export { svgToPng, svgToPngAsync, widthForLongest } from './render.js';
export { FONT_PACKAGES, fontFace, type FontFace, type FontPackage } from './fonts.js';
export { renderSpecimenPng, type SpecimenOptions } from './specimen.js';
export { LAYOUTS, layoutById, layoutsForFamily, type PanelRole } from './layouts/index.js';
export { STYLE_FAMILIES, familiesFromTags, type StyleFamily } from './styles.js';
export type { TextZone } from './art.js';
export type { Rect } from './geometry.js';
export type { ImageZone, ImageryCrop, PanelImagery, RasterImage, StripSlice } from './imagery.js';
