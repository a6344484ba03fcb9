/** The font list's public face: the SPEC §3 font records of the design engine's families and their files. */
export { createFontCatalog, FONT_ROUTE_PREFIX, type FontCatalog, type FontAsset } from './font-catalog.js';
export { subsetTtf, cmapLookup, TtfSubsetError } from './ttf-subset.js';
