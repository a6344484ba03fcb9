import type { PDFRef } from 'pdf-lib';
import { PDFArray, PDFDict, PDFName, PDFNumber, PDFString, type PDFDocument, type PDFPage } from 'pdf-lib';

/*
 * The print-only objects pdf-lib has no API for: Separation colour spaces (spot inks), an
 * overprint graphics state and optional-content groups (layers). Built with the document's
 * low-level context and registered in the page's resources under fixed names, so the content
 * stream can refer to them (/CS_CutContour CS, /GS_Overprint gs, /OC /OC_Crease BDC).
 */

/** A spot ink: its name and the CMYK (0–1) a proof or a non-spot device shows it as. */
export interface SpotInk {
  readonly name: string;
  readonly cmyk: readonly [number, number, number, number];
}

/** The inks of the print file. `All` is PDF's registration colour: it prints on every plate. */
export const INKS = {
  cut: { name: 'CutContour', cmyk: [0, 1, 0, 0] },
  crease: { name: 'Crease', cmyk: [1, 0, 0, 0] },
  registration: { name: 'All', cmyk: [1, 1, 1, 1] },
} as const satisfies Record<string, SpotInk>;

/** The layers, in the order a viewer lists them (bottom of the stack first). */
export const LAYERS = ['Artwork', 'Marks', 'Crease', 'CutContour'] as const;
export type LayerName = (typeof LAYERS)[number];

/** Resource names the content stream uses. */
export const colourSpaceKey = (ink: SpotInk): string => `CS_${ink.name}`;
export const layerKey = (layer: LayerName): string => `OC_${layer}`;
export const OVERPRINT_GS = 'GS_Overprint';

/** `[/Separation /Name /DeviceCMYK tint→CMYK]`: tint 1 maps to the ink's CMYK, linearly. */
function separation(doc: PDFDocument, ink: SpotInk): PDFRef {
  const ctx = doc.context;
  const tint = ctx.obj({ FunctionType: 2, Domain: [0, 1], C0: [0, 0, 0, 0], C1: [...ink.cmyk], N: 1 });
  const arr = PDFArray.withContext(ctx);
  arr.push(PDFName.of('Separation'));
  arr.push(PDFName.of(ink.name));
  arr.push(PDFName.of('DeviceCMYK'));
  arr.push(ctx.register(tint));
  return ctx.register(arr);
}

/** The sub-dictionary `name` of the page's /Resources, created if missing. */
function resourceDict(page: PDFPage, name: string): PDFDict {
  const { Resources } = page.node.normalizedEntries();
  const existing = Resources.lookupMaybe(PDFName.of(name), PDFDict);
  if (existing) return existing;
  const dict = page.doc.context.obj({});
  Resources.set(PDFName.of(name), dict);
  return dict;
}

/**
 * Registers the inks, the overprint state and the layers on the page, and the layers in the
 * catalogue's /OCProperties (all on, listed in LAYERS order).
 */
export function installPrintResources(doc: PDFDocument, page: PDFPage): void {
  const ctx = doc.context;
  const colourSpaces = resourceDict(page, 'ColorSpace');
  for (const ink of Object.values(INKS)) colourSpaces.set(PDFName.of(colourSpaceKey(ink)), separation(doc, ink));

  // /OP strokes, /op fills, /OPM 1: a spot ink knocks nothing out of the process plates.
  page.node.setExtGState(PDFName.of(OVERPRINT_GS), ctx.register(ctx.obj({ Type: 'ExtGState', OP: true, op: true, OPM: 1 })));

  const properties = resourceDict(page, 'Properties');
  const refs = LAYERS.map((layer) => {
    const ref = ctx.register(ctx.obj({ Type: 'OCG', Name: PDFString.of(layer) }));
    properties.set(PDFName.of(layerKey(layer)), ref);
    return ref;
  });
  const list = () => {
    const arr = PDFArray.withContext(ctx);
    for (const ref of refs) arr.push(ref);
    return arr;
  };
  const config = ctx.obj({ Name: PDFString.of('Packsmith print layers'), BaseState: 'ON' });
  config.set(PDFName.of('Order'), list());
  config.set(PDFName.of('ON'), list());
  const ocProperties = ctx.obj({});
  ocProperties.set(PDFName.of('OCGs'), list());
  ocProperties.set(PDFName.of('D'), config);
  doc.catalog.set(PDFName.of('OCProperties'), ocProperties);
}

/** PDFNumber shorthand for operator operands. */
export const num = (n: number): PDFNumber => PDFNumber.of(Math.round(n * 1e4) / 1e4);
