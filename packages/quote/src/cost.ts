import type { QuoteFinish, QuotePrint } from '@packsmith/contracts';
import type { BoardSpec, Construction } from './box.js';
import type { Imposition } from './imposition.js';
import type { Band, GlueType, Values } from './params.js';

/*
 * The estimator's cost lines of one route at one quantity (manufacturing only: freight and margin
 * are added by the engine). Every line is `fixed + variable(Q)` with a variable part proportional
 * to Q (or to the sheets, themselves proportional to Q with a falling waste rate), so a route's
 * unit cost never rises with quantity. Sheets are costed fractionally (Q / up); the note shows the
 * whole sheets a planner would order, and rounding the last sheet up would make the unit cost
 * saw-tooth with quantity.
 */

export interface CostLine {
  readonly name: string;
  readonly amount: number;
  readonly note: string;
  readonly one_off?: boolean;
}

export type SheetRoute = 'digital' | 'offset' | 'flexo';

/** What a sheet route needs, computed once per request. */
export interface SheetJob {
  readonly construction: Exclude<Construction, 'unit'>;
  readonly board: BoardSpec;
  readonly print: QuotePrint;
  readonly finishes: readonly QuoteFinish[];
  readonly glue: GlueType;
  /** Blank bounding box and net area. */
  readonly blankW: number;
  readonly blankH: number;
  readonly blankAreaM2: number;
  /** Cut + crease + perforation rule of one blank, m. */
  readonly ruleM: number;
}

export interface RouteCost {
  readonly process: SheetRoute;
  readonly lines: readonly CostLine[];
  readonly total: number;
  readonly sheetsGross: number;
}

const eur = (n: number) => `€${n < 1 ? n.toFixed(4).replace(/0+$/, '').replace(/\.$/, '') : n.toFixed(2)}`;
const int = (n: number) => Math.round(n).toLocaleString('en-US');

export function band(bands: readonly Band[], x: number): number {
  for (const b of bands) if (x <= b.upTo) return b.value;
  return bands.length ? bands[bands.length - 1]!.value : 0;
}

/** Colours per side and sides printed. */
export function coloursOf(print: QuotePrint): { perSide: number; sides: number; plates: number } {
  switch (print) {
    case 'none':
      return { perSide: 0, sides: 0, plates: 0 };
    case 'one_colour':
      return { perSide: 1, sides: 1, plates: 1 };
    case 'two_colour':
      return { perSide: 2, sides: 1, plates: 2 };
    case 'cmyk':
      return { perSide: 4, sides: 1, plates: 4 };
    case 'cmyk_both_sides':
      return { perSide: 4, sides: 2, plates: 8 };
  }
}

const GLUE_LABEL: Record<GlueType, string> = {
  none: 'none',
  side_seam: 'side seam',
  crash_lock: 'crash lock',
  four_point: '4 point',
  six_point: '6 point',
};
export const glueLabel = (g: GlueType) => GLUE_LABEL[g];

/** Cutting by steel die or on a cutting table, whichever costs less at this quantity. */
function cuttingLines(job: SheetJob, route: SheetRoute, imp: Imposition, q: number, sheets: number, v: Values): CostLine[] {
  const dieRule = job.ruleM * imp.up;
  const corrugated = job.construction === 'corrugated';
  const perM = corrugated ? v.corrugated_die_cost_per_m : v.die_cost_per_m;
  const dieCost = Math.max(v.die_cost_min, v.die_cost_base + perM * dieRule);
  // Flexo prints and cuts in one pass: its make-ready is in the press make-ready line.
  const mr = corrugated ? (route === 'flexo' ? 0 : v.corrugated_diecut_makeready) : v.diecut_makeready;
  const run = corrugated ? q * v.corrugated_diecut_per_unit : (sheets / v.diecut_speed_sph) * v.diecut_rate + q * v.stripping_per_unit;
  const die: CostLine[] = [
    { name: 'Cutting die', amount: dieCost, note: `${dieRule.toFixed(1)} m of cut and crease rule (${imp.up}-up), reusable on reorder`, one_off: true },
    {
      name: 'Die-cutting',
      amount: mr + run,
      note: corrugated
        ? `${route === 'flexo' ? 'make-ready in the press line' : `${eur(mr)} make-ready`} + ${int(q)} × ${eur(v.corrugated_diecut_per_unit)}`
        : `${eur(mr)} make-ready + ${int(sheets)} sheets at ${int(v.diecut_speed_sph)}/h × ${eur(v.diecut_rate)}/h + stripping`,
    },
  ];
  if (route === 'offset' || route === 'flexo') return die;
  const minPerSheet = (job.ruleM * imp.up) / v.cutting_table_speed_m_min + v.cutting_table_handling_min;
  const tableCost = v.cutting_table_setup + ((sheets * minPerSheet) / 60) * v.cutting_table_rate;
  const dieTotal = die.reduce((s, l) => s + l.amount, 0);
  if (tableCost < dieTotal) {
    return [
      {
        name: 'Cutting table',
        amount: tableCost,
        note: `no die: ${int(sheets)} sheets × ${minPerSheet.toFixed(2)} min at ${eur(v.cutting_table_rate)}/h + ${eur(v.cutting_table_setup)} set-up`,
      },
    ];
  }
  return die;
}

function finishingLines(job: SheetJob, q: number, sheetsM2: number, v: Values): CostLine[] {
  const out: CostLine[] = [];
  for (const f of job.finishes) {
    if (f === 'matte_lamination' || f === 'gloss_lamination') {
      const kind = f === 'matte_lamination' ? 'matte' : 'gloss';
      const rate = v.lamination_per_m2[kind];
      out.push({
        name: `Finishing: ${kind} lamination`,
        amount: v.lamination_setup + sheetsM2 * rate,
        note: `${sheetsM2.toFixed(1)} m² × ${eur(rate)} + ${eur(v.lamination_setup)} set-up`,
      });
    } else if (f === 'spot_uv') {
      out.push({
        name: 'Finishing: spot UV',
        amount: v.spot_uv_setup + sheetsM2 * v.spot_uv_per_m2,
        note: `${sheetsM2.toFixed(1)} m² × ${eur(v.spot_uv_per_m2)} + ${eur(v.spot_uv_setup)} screen and set-up`,
      });
    } else if (f === 'foil') {
      const per = v.foil_area_cm2 * v.foil_per_cm2;
      out.push({
        name: 'Finishing: foil',
        amount: v.foil_setup + q * per,
        note: `${int(q)} × ${v.foil_area_cm2} cm² × ${eur(v.foil_per_cm2)}/cm² + ${eur(v.foil_setup)} make-ready`,
      });
      out.push({ name: 'Foil block', amount: v.foil_die, note: 'hot-foil block, reusable on reorder', one_off: true });
    } else if (f === 'emboss') {
      out.push({
        name: 'Finishing: emboss',
        amount: v.emboss_setup + q * v.emboss_per_unit,
        note: `${int(q)} × ${eur(v.emboss_per_unit)} + ${eur(v.emboss_setup)} make-ready`,
      });
      out.push({ name: 'Embossing die', amount: v.emboss_die, note: 'male/female die pair, reusable on reorder', one_off: true });
    } else {
      out.push({
        name: 'Finishing: window',
        amount: v.window_setup + q * v.window_per_unit,
        note: `${int(q)} × ${eur(v.window_per_unit)} film and patching + ${eur(v.window_setup)} set-up`,
      });
    }
  }
  return out;
}

function hasLamination(finishes: readonly QuoteFinish[]): boolean {
  return finishes.includes('matte_lamination') || finishes.includes('gloss_lamination');
}

/** Board per sheet (€) and its note. */
function boardPerSheet(job: SheetJob, sheetM2: number, v: Values): { per: number; note: string } {
  if (job.board.kind === 'flute') {
    const rate = v.flute_price_per_m2[job.board.flute ?? 'B'] + (job.board.label.includes('white') ? v.flute_white_liner_extra_per_m2 : 0);
    return { per: sheetM2 * rate, note: `${job.board.label} at ${eur(rate)}/m²` };
  }
  if (job.board.kind === 'rigid') {
    const per = (sheetM2 * v.rigid_wrap_gsm * v.rigid_wrap_price_per_t) / 1e6;
    return { per, note: `wrap paper ${v.rigid_wrap_gsm} g/m² at €${v.rigid_wrap_price_per_t}/t` };
  }
  const grade = job.board.grade ?? 'SBS';
  const gsm = job.board.gsm ?? v.board_default_gsm[grade];
  const price = v.board_price_per_t[grade];
  return { per: (sheetM2 * gsm * price) / 1e6, note: `${job.board.label} at €${int(price)}/t` };
}

/** One sheet route (digital, offset or flexo) at quantity q on imposition imp. */
export function sheetRouteCost(job: SheetJob, route: SheetRoute, imp: Imposition, q: number, v: Values): RouteCost {
  const c = coloursOf(job.print);
  const corrugated = job.construction === 'corrugated';
  const sheetM2 = (imp.sheet.width_mm * imp.sheet.height_mm) / 1e6;
  const net = q / imp.up;
  const waste = corrugated ? v.corrugated_running_waste : band(v.running_waste, net);
  const lam = hasLamination(job.finishes);
  let mrSheets = 0;
  if (route === 'offset') mrSheets += v.makeready_sheets_by_colours[c.plates] ?? v.makeready_sheets_by_colours[4] ?? 0;
  if (route === 'digital' && c.plates > 0) mrSheets += v.makeready_sheets_digital;
  if (!corrugated) mrSheets += v.makeready_sheets_diecut + (lam ? v.makeready_sheets_lamination : 0);
  const sheets = net * (1 + waste) + mrSheets;
  const lines: CostLine[] = [];

  const board = boardPerSheet(job, sheetM2, v);
  lines.push({
    name: 'Board',
    amount: sheets * board.per,
    note: `${int(Math.ceil(sheets))} sheets ${imp.sheet.width_mm}×${imp.sheet.height_mm} mm (${imp.up}-up, ${(waste * 100).toFixed(1)} % running waste + ${int(mrSheets)} make-ready) × ${eur(board.per)}, ${board.note}`,
  });

  if (job.board.kind === 'rigid') {
    const m2 = q * job.blankAreaM2 * v.rigid_board_share * (1 + v.rigid_board_waste);
    const per = (v.rigid_greyboard_gsm * v.rigid_greyboard_price_per_t) / 1e6;
    lines.push({ name: 'Greyboard', amount: m2 * per, note: `${m2.toFixed(1)} m² of ${v.rigid_greyboard_mm} mm greyboard × ${eur(per)}/m²` });
  }

  const prepress = route === 'digital' ? v.digital_prepress : v.prepress;
  const admin = corrugated ? v.corrugated_admin : 0;
  lines.push({
    name: corrugated ? 'Prepress and admin' : 'Prepress',
    amount: prepress + admin,
    note: corrugated ? `${eur(prepress)} file check and proof + ${eur(admin)} order admin` : 'file check, imposition and proof',
  });

  if (c.plates > 0) {
    if (route === 'offset') {
      lines.push({ name: 'Plates', amount: c.plates * v.plate_cost, note: `${c.plates} × ${eur(v.plate_cost)}`, one_off: true });
      const passes = c.sides;
      const hours = passes * v.offset_makeready_hours_base + c.plates * v.offset_makeready_hours_per_colour;
      lines.push({ name: 'Press make-ready', amount: hours * v.offset_press_rate, note: `${hours.toFixed(2)} h × ${eur(v.offset_press_rate)}/h` });
      const run = ((sheets * passes) / v.offset_speed_sph) * v.offset_press_rate;
      const ink = sheets * sheetM2 * c.plates * v.ink_per_m2_per_colour * v.ink_coverage_factor;
      lines.push({
        name: 'Press run and ink',
        amount: run + ink,
        note: `${int(sheets * passes)} impressions at ${int(v.offset_speed_sph)}/h × ${eur(v.offset_press_rate)}/h + ink ${eur(ink)}`,
      });
    } else if (route === 'flexo') {
      const plateM2 = (imp.up * job.blankW * job.blankH) / 1e6;
      const plate = Math.max(v.flexo_plate_min, plateM2 * v.flexo_plate_per_m2);
      lines.push({ name: 'Plates', amount: c.plates * plate, note: `${c.plates} photopolymer plates × ${eur(plate)}`, one_off: true });
      lines.push({ name: 'Press make-ready', amount: v.flexo_makeready, note: 'print and cut make-ready' });
      const run = ((sheets * c.sides) / v.flexo_speed_sph) * v.flexo_rate;
      const ink = sheets * sheetM2 * c.plates * v.flexo_ink_per_m2_per_colour * v.ink_coverage_factor;
      lines.push({
        name: 'Press run and ink',
        amount: run + ink,
        note: `${int(sheets * c.sides)} impressions at ${int(v.flexo_speed_sph)}/h × ${eur(v.flexo_rate)}/h + ink ${eur(ink)}`,
      });
    } else if (corrugated) {
      const rate = v.digital_corrugated_per_m2[c.perSide] ?? 0;
      const m2 = sheets * sheetM2 * c.sides;
      lines.push({
        name: 'Digital print',
        amount: v.digital_corrugated_setup + m2 * rate,
        note: `${m2.toFixed(1)} m² × ${eur(rate)}/m² + ${eur(v.digital_corrugated_setup)} set-up, no plates`,
      });
    } else {
      const click = v.digital_click_per_sheet[c.perSide] ?? 0;
      const sides = sheets * c.sides;
      lines.push({
        name: 'Digital print',
        amount: v.digital_setup + sides * click,
        note: `${int(sides)} sheet sides × ${eur(click)} + ${eur(v.digital_setup)} set-up, no plates`,
      });
    }
  }

  lines.push(...cuttingLines(job, route, imp, q, sheets, v));
  lines.push(...finishingLines(job, q, sheets * sheetM2, v));

  if (job.board.kind === 'rigid') {
    lines.push({
      name: 'Wrapping (rigid)',
      amount: v.rigid_wrapping_setup + q * v.rigid_wrapping_per_unit,
      note: `${int(q)} × ${eur(v.rigid_wrapping_per_unit)} + ${eur(v.rigid_wrapping_setup)} set-up`,
    });
  } else if (job.glue !== 'none') {
    const g = v.glue[job.glue];
    const per = corrugated ? v.corrugated_glue_per_unit : g.per_unit;
    lines.push({
      name: `Gluing (${glueLabel(job.glue)})`,
      amount: g.setup + q * per,
      note: `${eur(g.setup)} set-up + ${int(q)} × ${eur(per)}`,
    });
  }

  const packRate = v.packing_per_unit[job.board.kind === 'rigid' ? 'rigid' : corrugated ? 'corrugated' : 'carton'];
  lines.push({ name: 'Packing', amount: q * packRate, note: `${int(q)} × ${eur(packRate)}` });

  return { process: route, lines, total: lines.reduce((s, l) => s + l.amount, 0), sheetsGross: sheets };
}
