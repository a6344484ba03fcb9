import type { BoxType, PrintCheck } from '@packsmith/contracts';
import type { Dieline } from '@packsmith/design-engine/dieline';

/** Print resolution a pre-press check asks of raster artwork at 100 % size. */
export const MIN_PRINT_DPI = 300;
/** The industry's minimum bleed beyond the cut, mm. */
export const MIN_BLEED_MM = 3;
/** The smallest front safe area that still holds a legible logo and product name, mm. */
export const MIN_FRONT_SAFE_MM = 20;

const MM_PER_INCH = 25.4;
const r1 = (n: number) => Math.round(n * 10) / 10;

/** The inside size the design engine drew a box at (the catalogue's default dimensions), on the quote's axes. */
export function designDimensions(box: BoxType): { length_mm: number; width_mm: number; height_mm: number } {
  const d = box.dimensions;
  switch (d.shape) {
    case 'cuboid':
      return { length_mm: d.length, width_mm: d.width, height_mm: d.height };
    case 'cylinder':
      // Round packs: length is the diameter, width is not used (QuoteInputSchema).
      return { length_mm: d.diameter, width_mm: 0, height_mm: d.height };
    case 'frustum':
      return { length_mm: d.topDiameter, width_mm: d.bottomDiameter, height_mm: d.height };
    case 'flat':
      // Pouches and bags: length × height flat, width the gusset.
      return { length_mm: d.width, width_mm: d.gusset, height_mm: d.height };
  }
}

export interface PrintCheckFacts {
  box: BoxType;
  dims: { length_mm: number; width_mm: number; height_mm: number };
  dieline: Dieline;
  /** The quote engine's refusal of these dimensions for this box type, or null when they are in range. */
  rangeError: string | null;
  /** The stored flat front's pixel size, or null when the file is missing. */
  frontPx: { width: number; height: number } | null;
  /** Whether the dieline SVG is a stored file of the caller's. */
  dielineStored: boolean;
}

/** The checks a pre-press operator makes, each passed or with what to fix (pure: the facts come from the service). */
export function printChecks(f: PrintCheckFacts): PrintCheck['checks'] {
  const { dieline } = f;
  const size = `${f.dims.length_mm} × ${f.dims.width_mm} × ${f.dims.height_mm} mm`;
  const sheet = `${r1(dieline.size.width)} × ${r1(dieline.size.height)} mm`;
  const front = dieline.panels.find((p) => p.role === 'front') ?? dieline.panels[0];
  const checks: PrintCheck['checks'] = [
    {
      name: 'Dimensions',
      ok: f.rangeError === null,
      detail: f.rangeError ?? `${size} inside, within the ${f.box.name}'s range; the flat sheet is ${sheet}.`,
    },
    {
      name: 'Bleed',
      ok: dieline.bleed >= MIN_BLEED_MM && dieline.bleedBox.width >= dieline.size.width + 2 * MIN_BLEED_MM,
      detail:
        dieline.bleed >= MIN_BLEED_MM
          ? `${dieline.bleed} mm of artwork beyond the cut on every side (${r1(dieline.bleedBox.width)} × ${r1(dieline.bleedBox.height)} mm with bleed).`
          : `Only ${dieline.bleed} mm of bleed: artwork must run ${MIN_BLEED_MM} mm past the cut.`,
    },
  ];
  if (front) {
    const safeW = r1(front.safe.width);
    const safeH = r1(front.safe.height);
    const safeOk = dieline.safeInset >= MIN_BLEED_MM && safeW >= MIN_FRONT_SAFE_MM && safeH >= MIN_FRONT_SAFE_MM;
    checks.push({
      name: 'Safe zone',
      ok: safeOk,
      detail: safeOk
        ? `Text and logos kept ${dieline.safeInset} mm from every fold and cut; the front's safe area is ${safeW} × ${safeH} mm.`
        : `The front's safe area is ${safeW} × ${safeH} mm: at least ${MIN_FRONT_SAFE_MM} × ${MIN_FRONT_SAFE_MM} mm is needed for a legible logo.`,
    });
    if (f.frontPx) {
      const dpi = Math.floor(Math.min(f.frontPx.width / (front.face.width / MM_PER_INCH), f.frontPx.height / (front.face.height / MM_PER_INCH)));
      checks.push({
        name: 'Front artwork resolution',
        ok: dpi >= MIN_PRINT_DPI,
        detail:
          dpi >= MIN_PRINT_DPI
            ? `${f.frontPx.width} × ${f.frontPx.height} px over ${r1(front.face.width)} × ${r1(front.face.height)} mm: ${dpi} dpi.`
            : `${f.frontPx.width} × ${f.frontPx.height} px over ${r1(front.face.width)} × ${r1(front.face.height)} mm is ${dpi} dpi, below ${MIN_PRINT_DPI}: photos may look soft; text and shapes print from the vector dieline.`,
      });
    } else {
      checks.push({ name: 'Front artwork resolution', ok: false, detail: 'The front artwork file is missing: generate the design again.' });
    }
  }
  checks.push({
    name: 'Dieline file',
    ok: f.dielineStored,
    detail: f.dielineStored ? 'The cut, crease and bleed lines are in the vector dieline (SVG).' : 'The dieline file is missing: generate the design again.',
  });
  return checks;
}
