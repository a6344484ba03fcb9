/**
 * The packaging editor's document model (issue 17): pure and browser-safe — the web canvas and
 * the server both use it. Building a document from a design of the design chat re-runs the
 * design engine and needs Node: it is the separate entry `@packsmith/editor/from-design`.
 */
export { DocumentError, newDocument, panelById, pathSegments, toEditorDieline, withDimensions } from './dieline.js';
export { MIGRATIONS, MigrationError, migrate, versionOf, type Migration } from './migrate.js';
export { CommandError, applyCommand, changedPanels, mergeKeyOf, newLayerId, type AlignEdge, type Anchor, type Command, type LayerPatch } from './commands.js';
export {
  HISTORY_LIMIT,
  MERGE_WINDOW_MS,
  canRedo,
  canUndo,
  doCommand,
  emptyHistory,
  initialState,
  redo,
  seal,
  undo,
  type DoOptions,
  type EditorState,
  type History,
  type HistoryStep,
} from './history.js';
export { SNAP_THRESHOLD_PX, snapMove, type SnapGuide, type SnapInput, type SnapKind, type SnapResult } from './snap.js';
export {
  MIN_PRINT_DPI,
  MIN_TEXT_CONTRAST,
  contrastRatio,
  documentWarnings,
  dpiAt,
  layerDpi,
  panelWarnings,
  type LayerWarning,
  type WarningKind,
} from './warnings.js';
export {
  BAR_HEIGHT_MM,
  BarcodeError,
  MAX_MAGNIFICATION,
  MIN_MAGNIFICATION,
  MODULE_MM,
  SYMBOL_HEIGHT_MM,
  barcodeGeometry,
  completeDigits,
  encodeModules,
  gs1CheckDigit,
  isValidGtin,
  magnificationFor,
  type BarRect,
  type BarcodeDigit,
  type BarcodeGeometry,
  type Symbology,
} from './barcode.js';
export { BARCODE_FONT, FIRST_BASELINE_EM, MM_PER_PT, escapeXml, layerAloneSvg, panelSvg, sheetSvg, type SheetSvgOptions } from './render-svg.js';
export { boundsOf, halfTurns, layerBounds, layerCorners, panelToSheet, panelTransform, sheetToPanel, unionBox, type Box, type Point } from './geometry.js';
