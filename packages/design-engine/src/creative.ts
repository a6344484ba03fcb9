/**
 * The light part of the engine the image tools' prompt engines use (colour names, contrast,
 * fonts and the resvg text path, icons, scene textures and scenes), without loading the 3D
 * renderer and the design pipeline that the package root brings in.
 */
export { COLOR_NAMES, parseColorTags } from './artwork/color-names.js';
export { type Hex, hexToOklch, hexToRgb, oklch, oklchToHex, parseHex, rgbToHex } from './artwork/color.js';
export { contrastRatio, contrastRatioLum, MIN_TEXT_CONTRAST, relativeLuminance } from './artwork/contrast.js';
export { FONT_PACKAGES, fontFace, measureLine, type FontFace, type FontPackage, type LineMetrics, type TextStyle as FontTextStyle } from './artwork/fonts.js';
export { iconBody, iconExists, iconsForKeyword } from './artwork/icons.js';
export { resvgFontOptions, svgToPixels } from './artwork/render.js';
export { svgToPixelsWithFaces } from './artwork/render-faces.js';
export { hash32, Rng } from './artwork/random.js';
export { escapeXml } from './artwork/svg.js';
export { materialTexture, MATERIALS, type Material } from './scenes/materials.js';
export { renderScene, sceneDimensions } from './scenes/render.js';
export { colorName, SCENE_COLOR_NAMES } from './scenes/colors.js';
