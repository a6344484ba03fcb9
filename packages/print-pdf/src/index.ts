/** Print-ready PDF of a dieline and its artwork: spot-colour cut and crease layers, marks, bleed. */
export { exportPrintPdf, PrintPdfInputError, type PrintArtwork, type PrintPdfInput, type PrintPdfResult } from './export.js';
export { BACKGROUND_PICTURE_DPI, PICTURE_DPI, type DocumentArtwork, type DocumentArtworkReport, type LayerPicture, LABEL_FONT } from './document-artwork.js';
export { pageGeometry, PT_PER_MM, DEFAULT_SLUG_MM, type PageGeometry, type PageRectMm } from './geometry.js';
export { INKS, LAYERS, type LayerName, type SpotInk } from './spot.js';
export { embedSubset, evenGlyphRecords, subsetTag } from './fonts.js';
