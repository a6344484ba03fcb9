import {
  type BoxType,
  type FactoryProcess,
  QUOTE_LADDER,
  type QuoteFinish,
  type QuoteLadderStep,
  type QuoteLine,
  type QuoteProcess,
} from '@packsmith/contracts';
import { boardFor, checkMaterial, checkSize, type Construction, constructionOf, dielineFor, resolveBox, ruleLengthM } from './box.js';
import { type CostLine, type SheetJob, type SheetRoute, sheetRouteCost } from './cost.js';
import { freightLine } from './freight.js';
import { type Imposition, impose } from './imposition.js';
import { type QuoteParamOverrides, type QuoteParams, resolveParams, type SheetSize, type Values, valuesOf } from './params.js';
import { type EngineQuote, QuoteInputError, type QuoteRequest } from './types.js';
import { type UnitJob, unitJob, unitTableLines } from './unit-table.js';

/*
 * computeQuote: every route the pack can be made by is costed at every ladder quantity and the
 * cheapest wins (digital below the crossover, offset or flexo above). Lines are the estimator's
 * (docs/QUOTE-ENGINE.md); freight and margin come last. Money is rounded once, at the end: each
 * line to cents, the margin line takes the cent left over so the lines add up exactly to the total
 * (the exact total rounded to cents), and unit_price = total / quantity rounded to 4 decimals.
 */

export interface QuoteOptions {
  /** A full parameter table, or overrides of single values on the defaults. */
  readonly params?: QuoteParams | QuoteParamOverrides;
}

interface Route {
  readonly process: QuoteProcess;
  readonly moq: number;
  readonly leadDays: number;
  readonly imposition: Imposition | null;
}

/** Everything that does not depend on the quantity, computed once per request. */
interface Prepared {
  readonly box: BoxType;
  readonly req: QuoteRequest;
  readonly construction: Construction;
  readonly v: Values;
  readonly routes: readonly Route[];
  readonly sheetJob: SheetJob | null;
  readonly unitJob: UnitJob | null;
  readonly boardLabel: string;
  readonly weightKg: number;
  readonly volumeM3: number;
  readonly destination: string;
  readonly blank: { width: number; height: number; areaM2: number } | null;
}

/** One route at one quantity, before rounding. */
export interface Evaluation {
  readonly process: QuoteProcess;
  readonly quantity: number;
  readonly lines: readonly (CostLine & { kind: 'make' | 'freight' | 'margin' })[];
  /** Manufacturing cost: every line but freight and margin (the reference's "cost"). */
  readonly costBeforeMarginAndFreight: number;
  readonly freight: number;
  readonly margin: number;
  readonly total: number;
  readonly imposition: Imposition | null;
  readonly transitDays: number;
  readonly zone: string;
}

function isFullParams(p: QuoteParams | QuoteParamOverrides): p is QuoteParams {
  const margin = (p as Partial<Record<string, unknown>>).margin;
  return typeof margin === 'object' && margin !== null && 'value' in margin;
}

function paramsOf(options: QuoteOptions | undefined): Values {
  const p = options?.params;
  return valuesOf(p === undefined ? resolveParams() : isFullParams(p) ? p : resolveParams(p));
}

function customCorrugatedSheet(w: number, h: number, v: Values): SheetSize[] {
  const t = v.corrugated_custom_trim_mm;
  const sw = Math.min(w, h) + 2 * t;
  const sh = Math.max(w, h) + 2 * t;
  const [maxShort, maxLong] = v.corrugated_max_sheet_mm;
  return sw <= maxShort && sh <= maxLong ? [{ name: 'Cut-to-size corrugated', width_mm: sw, height_mm: sh }] : [];
}

function prepare(request: QuoteRequest, v: Values): Prepared {
  const box = resolveBox(request.box);
  const req: QuoteRequest = { ...request, finishes: [...new Set(request.finishes)] as QuoteFinish[] };
  checkMaterial(box, req.material);
  checkSize(box, req, v);
  const construction = constructionOf(box);
  const destination = (req.destination ?? v.default_destination).toUpperCase();

  if (construction === 'unit') {
    const job = unitJob(box, req, v);
    const table = v.unit_tables[job.pack];
    return {
      box,
      req,
      construction,
      v,
      routes: [{ process: 'unit_table', moq: table.moq, leadDays: table.lead_time_days, imposition: null }],
      sheetJob: null,
      unitJob: job,
      boardLabel: `${job.base} (${job.pack})`,
      weightKg: job.weightKg,
      volumeM3: job.volumeM3,
      destination,
      blank: null,
    };
  }

  const board = boardFor(box, req, v);
  const dieline = dielineFor(box, req, board.caliper_mm);
  const blankW = dieline.size.width;
  const blankH = dieline.size.height;
  const areaM2 = dieline.area / 1e6;
  const glue = construction === 'corrugated' && dieline.family === 'rsc-0201' ? 'side_seam' : (v.glue_by_family[dieline.family] ?? 'side_seam');
  const job: SheetJob = {
    construction,
    board,
    print: req.print,
    finishes: req.finishes,
    glue,
    blankW,
    blankH,
    blankAreaM2: areaM2,
    ruleM: ruleLengthM(dieline),
  };
  const printed = req.print !== 'none';
  const sheetMargins = { gripper_mm: v.gripper_mm, side_lay_mm: v.side_lay_mm, gutter_mm: v.gutter_mm };
  const routes: Route[] = [];
  const rigid = construction === 'rigid';
  if (construction === 'corrugated') {
    const trim = v.corrugated_custom_trim_mm;
    const sheets = [...v.corrugated_sheets, ...customCorrugatedSheet(blankW, blankH, v)];
    const imp = impose(blankW, blankH, sheets, { gripper_mm: trim, side_lay_mm: trim, gutter_mm: v.gutter_mm });
    if (!imp) {
      const [s, l] = v.corrugated_max_sheet_mm;
      throw new QuoteInputError(
        'length_mm',
        `length_mm: the blank of this ${box.name} (${Math.round(blankW)} × ${Math.round(blankH)} mm) is larger than the largest board sheet (${s} × ${l} mm).`,
      );
    }
    if (printed) routes.push({ process: 'digital', moq: v.moq.digital, leadDays: v.lead_time_days.digital, imposition: imp });
    routes.push({ process: 'flexo', moq: printed ? v.moq.flexo : v.moq.digital, leadDays: v.lead_time_days.flexo, imposition: imp });
  } else {
    const dig = impose(blankW, blankH, v.digital_sheets, sheetMargins);
    const off = impose(blankW, blankH, v.offset_sheets, sheetMargins);
    if (!off) {
      const largest = v.offset_sheets.reduce((a, b) => (a.width_mm * a.height_mm >= b.width_mm * b.height_mm ? a : b));
      throw new QuoteInputError(
        'length_mm',
        `length_mm: the blank of this ${box.name} (${Math.round(blankW)} × ${Math.round(blankH)} mm) does not fit the largest press sheet (${largest.width_mm} × ${largest.height_mm} mm); choose a smaller size.`,
      );
    }
    if (printed && dig) {
      routes.push({
        process: 'digital',
        moq: rigid ? v.moq.rigid : v.moq.digital,
        leadDays: rigid ? v.lead_time_days.rigid : v.lead_time_days.digital,
        imposition: dig,
      });
    }
    // Unprinted board is die-cut on the conventional line from the first sheet.
    routes.push({
      process: 'offset',
      moq: rigid ? v.moq.rigid : printed ? v.moq.offset : v.moq.digital,
      leadDays: rigid ? v.lead_time_days.rigid : v.lead_time_days.offset,
      imposition: off,
    });
  }

  const weightKg = (areaM2 * board.weight_g_m2) / 1000 + (rigid ? (areaM2 * v.rigid_wrap_gsm) / 1000 : 0);
  const volumeM3 = rigid
    ? ((req.length_mm + 2 * board.caliper_mm) * (req.width_mm + 2 * board.caliper_mm) * (req.height_mm + 2 * board.caliper_mm)) / 1e9
    : ((blankW * blankH) / 1e6) * (board.caliper_mm / 1000) * v.flat_pack_air_factor;
  return {
    box,
    req,
    construction,
    v,
    routes,
    sheetJob: job,
    unitJob: null,
    boardLabel: board.label,
    weightKg,
    volumeM3,
    destination,
    blank: { width: blankW, height: blankH, areaM2 },
  };
}

function evaluateRoute(prep: Prepared, route: Route, q: number): Evaluation {
  const v = prep.v;
  let make: readonly CostLine[];
  if (prep.unitJob) make = unitTableLines(prep.unitJob, q, v);
  else if (prep.sheetJob && route.imposition) make = sheetRouteCost(prep.sheetJob, route.process as SheetRoute, route.imposition, q, v).lines;
  else throw new Error('route without a job');
  const cost = make.reduce((s, l) => s + l.amount, 0);
  const f = freightLine(prep.destination, q * prep.weightKg, q * prep.volumeM3, v);
  const margin = cost * v.margin;
  return {
    process: route.process,
    quantity: q,
    lines: [
      ...make.map((l) => ({ ...l, kind: 'make' as const })),
      { ...f.line, kind: 'freight' as const },
      {
        name: 'Margin',
        amount: margin,
        note: `${Math.round(v.margin * 100)} % of the manufacturing cost (and the rounding to the quoted unit price)`,
        kind: 'margin' as const,
      },
    ],
    costBeforeMarginAndFreight: cost,
    freight: f.line.amount,
    margin,
    total: cost + f.line.amount + margin,
    imposition: route.imposition,
    transitDays: f.transit_days,
    zone: f.zone,
  };
}

/** Every route that takes this quantity, costed. */
function evaluateAll(prep: Prepared, q: number): Evaluation[] {
  return prep.routes.filter((r) => q >= r.moq).map((r) => evaluateRoute(prep, r, q));
}

function cheapest(evals: readonly Evaluation[]): Evaluation {
  const first = evals[0];
  if (!first) throw new Error('no route');
  return evals.reduce((a, b) => (b.total < a.total ? b : a), first);
}

const toCents = (n: number) => Math.round(n * 100);

/**
 * The quoted total: the exact unit cost rounded to 4 decimals (through 9 decimals first, so float
 * noise in a flat unit cost cannot tip a half-way digit), times the quantity, in cents. Rounding is
 * monotone, so a unit price that does not rise in the model does not rise on the quote either
 * (rounding each line and adding them up would not keep that). total / quantity rounded to 4
 * decimals gives back that unit price whenever quantity ≥ 100.
 */
export function quotedTotalCents(exactTotal: number, quantity: number): number {
  const unit9 = Math.round((exactTotal / quantity) * 1e9);
  const unit4 = Math.round(unit9 / 1e5);
  return Math.round((unit4 * quantity) / 100);
}

/** Lines rounded to cents; the margin line takes what is left so the lines add up exactly to the quoted total. */
export function roundLines(e: Evaluation): { lines: QuoteLine[]; total: number } {
  const totalCents = quotedTotalCents(e.total, e.quantity);
  let othersCents = 0;
  const lines: QuoteLine[] = [];
  let marginIndex = -1;
  for (const l of e.lines) {
    if (l.kind === 'margin') {
      marginIndex = lines.length;
      lines.push({ name: l.name, amount: 0, note: l.note });
      continue;
    }
    const cents = toCents(l.amount);
    othersCents += cents;
    lines.push({ name: l.name, amount: cents / 100, note: l.note, ...(l.one_off ? { one_off: true } : {}) });
  }
  const marginLine = lines[marginIndex];
  if (marginLine) lines[marginIndex] = { ...marginLine, amount: (totalCents - othersCents) / 100 };
  return { lines, total: totalCents / 100 };
}

const unitOf = (total: number, q: number) => Math.round((total / q) * 10000) / 10000;

function factoryProcesses(prep: Prepared, process: QuoteProcess): FactoryProcess[] {
  if (prep.construction === 'carton') return [process === 'digital' ? 'digital' : 'offset'];
  if (prep.construction === 'rigid') return ['rigid_boxes'];
  if (prep.construction === 'corrugated') return prep.req.print === 'none' ? ['corrugated'] : ['corrugated', process === 'digital' ? 'digital' : 'flexo'];
  const job = prep.unitJob;
  if (!job) return [];
  const labelled = prep.req.print !== 'none';
  switch (job.pack) {
    case 'bottle':
      return job.base === 'metal' ? ['cans'] : labelled ? ['bottles', 'labels'] : ['bottles'];
    case 'jar':
      return job.base === 'metal' ? ['cans'] : labelled ? ['bottles', 'labels'] : ['bottles'];
    case 'can':
      return ['cans'];
    case 'tube':
      return job.base === 'metal' ? ['cans'] : job.base === 'paper' ? ['rigid_boxes'] : ['flexible_packaging'];
    case 'pouch':
    case 'bag':
      return ['flexible_packaging'];
    case 'cup':
      return job.base === 'paper' ? ['flexo'] : ['labels'];
  }
}

/** The ladder quantities: the default ladder plus the asked quantity, none below the MOQ. */
function ladderQuantities(quantity: number, moq: number): number[] {
  const all = new Set<number>([...QUOTE_LADDER, quantity]);
  const kept = [...all].filter((q) => q >= moq);
  if (kept.length < all.size) kept.push(moq);
  return [...new Set(kept)].sort((a, b) => a - b);
}

/** The smallest quantity in (lo, hi] where the conventional route beats digital (single crossing assumed). */
function bisectCrossover(prep: Prepared, lo: number, hi: number): number {
  const conventionalWins = (q: number) => {
    const evals = evaluateAll(prep, q);
    const dig = evals.find((e) => e.process === 'digital');
    const conv = evals.find((e) => e.process !== 'digital');
    return !!conv && (!dig || conv.total < dig.total);
  };
  let a = lo;
  let b = hi;
  while (b - a > 1) {
    const mid = Math.floor((a + b) / 2);
    if (conventionalWins(mid)) b = mid;
    else a = mid;
  }
  return b;
}

/** The cheapest route at a quantity, unrounded, with every route's cost: for tests, the docs and the admin. */
export function evaluateQuote(request: QuoteRequest, quantity: number, options?: QuoteOptions): { best: Evaluation; routes: Evaluation[] } {
  const prep = prepare(request, paramsOf(options));
  const moq = Math.min(...prep.routes.map((r) => r.moq));
  const routes = evaluateAll(prep, Math.max(quantity, moq));
  return { best: cheapest(routes), routes };
}

export function computeQuote(request: QuoteRequest, options?: QuoteOptions): EngineQuote {
  const v = paramsOf(options);
  const prep = prepare(request, v);
  const moq = Math.min(...prep.routes.map((r) => r.moq));
  const notes: string[] = [];
  const asked = request.quantity;
  if (asked !== undefined && (!Number.isInteger(asked) || asked < 1)) {
    throw new QuoteInputError('quantity', `quantity: a whole number of at least 1; got ${String(asked)}.`);
  }
  let quantity = asked ?? Math.max(QUOTE_LADDER[0], moq);
  if (quantity < moq) {
    notes.push(
      `The minimum order for this pack is ${moq.toLocaleString('en-US')}; priced at ${moq.toLocaleString('en-US')} instead of ${quantity.toLocaleString('en-US')}.`,
    );
    quantity = moq;
  }

  const steps = ladderQuantities(quantity, moq).map((q) => {
    const evals = evaluateAll(prep, q);
    return { q, evals, best: cheapest(evals) };
  });
  const ladder: QuoteLadderStep[] = steps.map(({ q, best }) => {
    const { total } = roundLines(best);
    return { quantity: q, unit_price: unitOf(total, q), total, process: best.process };
  });

  let crossover: EngineQuote['crossover'] = null;
  for (let i = 1; i < steps.length; i++) {
    const prev = steps[i - 1];
    const cur = steps[i];
    if (!prev || !cur) continue;
    if (prev.best.process === 'digital' && cur.best.process !== 'digital') {
      crossover = { quantity: bisectCrossover(prep, prev.q, cur.q), from: 'digital', to: cur.best.process };
      break;
    }
  }

  const chosen = steps.find((s) => s.q === quantity)?.best ?? cheapest(evaluateAll(prep, quantity));
  const { lines, total } = roundLines(chosen);
  const route = prep.routes.find((r) => r.process === chosen.process);
  const leadDays = (route?.leadDays ?? 0) + chosen.transitDays;

  if (prep.unitJob) {
    notes.push('Estimate: priced from the configurable unit-cost table for this pack (size band and decoration), not from a maker’s quote.');
    if (prep.req.finishes.length) notes.push('Finishes are not priced for this pack; a maker quotes them on request.');
  } else {
    const imp = chosen.imposition;
    if (imp) {
      notes.push(
        `Imposition: ${imp.up}-up on ${imp.sheet.width_mm} × ${imp.sheet.height_mm} mm (${imp.across} × ${imp.along}), ${Math.round(imp.utilisation * 100)} % of the sheet; grain ${imp.grainAlongHeight ? 'parallel to the main folds' : 'across the main folds (turned for a better fit)'}. Nesting may fit more.`,
      );
    }
    const tooling = lines.filter((l) => l.one_off).reduce((s, l) => s + l.amount, 0);
    if (tooling > 0) notes.push(`One-off tooling €${tooling.toFixed(2)} (dies, plates) is not charged again on a reorder.`);
  }
  if (crossover) notes.push(`Digital is cheaper below ${crossover.quantity.toLocaleString('en-US')}; ${crossover.to} from there.`);
  notes.push(`Freight by zone: ${chosen.zone} (${prep.destination}); lead time = ${route?.leadDays ?? 0} production days + ${chosen.transitDays} transit.`);
  notes.push('Prices are estimates before an artwork check; unit prices are rounded to 4 decimals.');

  const imp = chosen.imposition;
  return {
    currency: v.currency,
    box: { box_id: prep.box.id, slug: prep.box.slug, name: prep.box.name },
    spec: {
      length_mm: prep.req.length_mm,
      width_mm: prep.req.width_mm,
      height_mm: prep.req.height_mm,
      material: prep.req.material,
      print: prep.req.print,
      finishes: prep.req.finishes,
      quantity,
      destination: prep.destination,
      board: prep.boardLabel,
    },
    quantity,
    unit_price: unitOf(total, quantity),
    total,
    process: chosen.process,
    ladder,
    breakdown: lines,
    moq,
    lead_time_days: leadDays,
    crossover,
    blank:
      prep.blank && imp
        ? {
            width_mm: round(prep.blank.width, 1),
            height_mm: round(prep.blank.height, 1),
            area_m2: round(prep.blank.areaM2, 4),
            sheet_width_mm: imp.sheet.width_mm,
            sheet_height_mm: imp.sheet.height_mm,
            up: imp.up,
            utilisation: round(imp.utilisation, 3),
            weight_g: round(prep.weightKg * 1000, 1),
          }
        : null,
    estimate_only: prep.construction === 'unit',
    notes,
    factory_processes: factoryProcesses(prep, chosen.process),
  };
}

function round(n: number, dp: number): number {
  const f = 10 ** dp;
  return Math.round(n * f) / f;
}

export { QuoteInputError };
