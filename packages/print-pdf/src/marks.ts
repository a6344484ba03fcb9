import { PDFName, PDFOperator, PDFOperatorNames as Op, type PDFNumber } from 'pdf-lib';
import { PT_PER_MM, type PageGeometry } from './geometry.js';
import { colourSpaceKey, INKS, num } from './spot.js';

/*
 * Printer's marks in the slug, stroked in the registration colour (the All separation: it
 * prints on every plate, so the marks show each plate's position):
 * - crop marks continue the trim box's edges at its four corners, starting 1 mm outside the
 *   bleed so they never print on the sheet;
 * - registration targets (a circle and a cross) at the middle of the top, left and right slug;
 *   the bottom slug carries the info block.
 */

const op = (name: Op, ...args: (PDFName | PDFNumber)[]) => PDFOperator.of(name, args);
const pt = (mm: number) => num(mm * PT_PER_MM);

/** Hairline for marks: 0.25 pt, the usual weight of crop marks. */
const MARK_WIDTH_PT = 0.25;
const TARGET_RADIUS_MM = 2.5;

export function markOperators(geo: PageGeometry): PDFOperator[] {
  const ops: PDFOperator[] = [
    op(Op.PushGraphicsState),
    op(Op.StrokingColorspace, PDFName.of(colourSpaceKey(INKS.registration))),
    op(Op.StrokingColorN, num(1)),
    op(Op.SetLineWidth, num(MARK_WIDTH_PT)),
  ];
  const line = (x0: number, y0: number, x1: number, y1: number) => {
    ops.push(op(Op.MoveTo, pt(x0), pt(y0)), op(Op.LineTo, pt(x1), pt(y1)), op(Op.StrokePath));
  };

  const t = geo.trimBox;
  const near = geo.bleed + 1;
  const far = Math.max(near + 1, geo.bleed + geo.slug - 1);
  for (const x of [t.x, t.x + t.width]) {
    for (const y of [t.y, t.y + t.height]) {
      const sx = x === t.x ? -1 : 1;
      const sy = y === t.y ? -1 : 1;
      line(x + sx * near, y, x + sx * far, y);
      line(x, y + sy * near, x, y + sy * far);
    }
  }

  const m = geo.media;
  const half = geo.slug / 2;
  for (const [cx, cy] of [
    [m.width / 2, m.height - half],
    [half, m.height / 2],
    [m.width - half, m.height / 2],
  ] as const) {
    const r = Math.min(TARGET_RADIUS_MM, half * 0.6);
    circle(ops, cx, cy, r);
    line(cx - r * 1.4, cy, cx + r * 1.4, cy);
    line(cx, cy - r * 1.4, cx, cy + r * 1.4);
  }
  ops.push(op(Op.PopGraphicsState));
  return ops;
}

/** A circle as four quarter-turn Béziers, stroked. */
function circle(ops: PDFOperator[], cx: number, cy: number, r: number): void {
  const k = 0.5522847498 * r;
  ops.push(op(Op.MoveTo, pt(cx + r), pt(cy)));
  const quarter = (c1x: number, c1y: number, c2x: number, c2y: number, x: number, y: number) =>
    ops.push(op(Op.AppendBezierCurve, pt(c1x), pt(c1y), pt(c2x), pt(c2y), pt(x), pt(y)));
  quarter(cx + r, cy + k, cx + k, cy + r, cx, cy + r);
  quarter(cx - k, cy + r, cx - r, cy + k, cx - r, cy);
  quarter(cx - r, cy - k, cx - k, cy - r, cx, cy - r);
  quarter(cx + k, cy - r, cx + r, cy - k, cx + r, cy);
  ops.push(op(Op.ClosePath), op(Op.StrokePath));
}
