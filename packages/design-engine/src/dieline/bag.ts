import { z } from 'zod';
import { DielineBuilder, SAFE_INSET_MM } from './builder.js';
import { defineGenerator, lengthMm } from './generator.js';
import { circlePath, line, polygon, pt, rectPath } from './geometry.js';

/**
 * Bags.
 * - `sos` (self-opening square bottom) and `shopping`: a glued tube of glue flap | front |
 *   right gusset | back | left gusset, extended below the body by ¾ of the gusset to fold the
 *   block bottom (diagonal folds in the gussets). The shopping bag adds a turned-over top with
 *   holes for rope handles.
 * - `flat`: front and back folded at one side, a side glue flap and a bottom flap.
 * - `side-gusset`: film bag with folded side gussets and a fin seal at the centre back
 *   (coffee bags), with top and bottom seals and a degassing-valve keep-out on the front.
 * Paper for bags is 0.1–0.15 mm: folds take up no measurable length, so no allowance is made.
 */
export const bagKinds = ['sos', 'shopping', 'flat', 'side-gusset'] as const;

const bagSchema = z
  .object({
    kind: z.enum(bagKinds),
    /** Face width, mm. */
    width: lengthMm(),
    /** Body height (without the folded bottom), mm. */
    height: lengthMm(),
    /** Gusset depth, mm. */
    gusset: z.number().min(0).max(1000).default(0),
    /** Side glue flap width, mm. */
    glueFlap: z.number().min(5).max(60).default(20),
    /** Turned-over top of shopping bags, mm. */
    turnOver: z.number().min(0).max(120).default(40),
  })
  .refine((p) => p.kind === 'flat' || p.gusset > 0, { message: 'gusset must be more than 0 for this kind.', path: ['gusset'] });

type BagParams = z.output<typeof bagSchema>;

export const bag = defineGenerator({
  family: 'bag',
  schema: bagSchema,
  render(params, boxId) {
    const b = new DielineBuilder();
    if (params.kind === 'flat') flatBag(b, params);
    else if (params.kind === 'side-gusset') sideGussetBag(b, params);
    else blockBottomBag(b, params);
    return b.build({ boxId, family: 'bag', params });
  },
});

/** Front and back folded at one side, a side glue flap and a bottom flap. */
function flatBag(b: DielineBuilder, params: BagParams): void {
  const { width: W, height: H, glueFlap: g } = params;
  const bf = Math.min(25, H / 5, W / 3);
  const ch = Math.min(g * 0.6, H / 10);
  b.rect('front', 'front', 0, 0, W, H);
  b.rect('back', 'back', W, 0, W, H);
  b.panel('glue-flap', 'glue-flap', polygon([pt(2 * W, 0), pt(2 * W + g, ch), pt(2 * W + g, H - ch), pt(2 * W, H)]));
  b.panel('bottom-flap', 'glue-flap', polygon([pt(0, H), pt(W, H), pt(W - bf, H + bf), pt(bf, H + bf)]));
  b.crease(line(W, 0, W, H));
  b.crease(line(2 * W, 0, 2 * W, H));
  b.crease(line(0, H, W, H));
}

/** Film bag: folded side gussets, a fin seal at the centre back, top and bottom seals and the valve's keep-out. */
function sideGussetBag(b: DielineBuilder, params: BagParams): void {
  const { width: W, height: H, gusset: G } = params;
  const ts = 10;
  const fin = 10;
  const half = W / 2;
  const cols = [
    { id: 'back-right', role: 'back', w: half },
    { id: 'left-gusset', role: 'left', w: G },
    { id: 'front', role: 'front', w: W },
    { id: 'right-gusset', role: 'right', w: G },
    { id: 'back-left', role: 'back', w: half },
    { id: 'fin', role: 'overlap', w: fin },
  ] as const;
  let x = 0;
  for (const c of cols) {
    const safe = { x: x + SAFE_INSET_MM, y: ts + SAFE_INSET_MM, width: Math.max(0, c.w - 2 * SAFE_INSET_MM), height: H - 2 * ts - 2 * SAFE_INSET_MM };
    b.rect(c.id, c.role, x, 0, c.w, H, { safe });
    if (x > 0) b.crease(line(x, 0, x, H));
    if (c.role === 'left' || c.role === 'right') b.crease(line(x + c.w / 2, ts, x + c.w / 2, H - ts));
    if (c.id === 'front') b.zone('no-print', circlePath(x + W / 2, ts + 35, 11));
    x += c.w;
  }
  b.zone('seal', rectPath(0, 0, x, ts));
  b.zone('seal', rectPath(0, H - ts, x, ts));
  b.zone('glue', rectPath(x - fin, 0, fin, H));
}

/** `sos` and `shopping`: a glued tube with a folded block bottom; the shopping bag adds a turned-over top with rope holes. */
function blockBottomBag(b: DielineBuilder, params: BagParams): void {
  const { width: W, height: H, gusset: G, glueFlap: g } = params;
  const ext = 0.75 * G;
  const top = params.kind === 'shopping' ? params.turnOver : 0;
  const cols = [
    { id: 'front', role: 'front', bottomRole: 'bottom', x: g, w: W },
    { id: 'right-gusset', role: 'right', bottomRole: 'gusset', x: g + W, w: G },
    { id: 'back', role: 'back', bottomRole: 'bottom', x: g + W + G, w: W },
    { id: 'left-gusset', role: 'left', bottomRole: 'gusset', x: g + 2 * W + G, w: G },
  ] as const;
  const end = g + 2 * W + 2 * G;
  b.rect('glue-flap', 'glue-flap', 0, -top, g, top + H + ext);
  for (const c of cols) {
    b.rect(c.id, c.role, c.x, 0, c.w, H);
    b.rect(`${c.id}-bottom`, c.bottomRole, c.x, H, c.w, ext);
    if (top > 0) b.rect(`${c.id}-turn-over`, 'turn-in', c.x, -top, c.w, top, { rotation: 180 });
    b.crease(line(c.x, -top, c.x, H + ext));
    if (c.bottomRole === 'gusset') {
      const xm = c.x + c.w / 2;
      b.crease(line(xm, -top, xm, H + G / 2));
      b.crease(line(c.x, H, xm, H + G / 2));
      b.crease(line(c.x + c.w, H, xm, H + G / 2));
    }
  }
  b.crease(line(0, H, end, H));
  b.crease(line(g, H + G / 2, end, H + G / 2));
  b.zone('glue', rectPath(0, -top, g, top + H + ext));
  if (top > 0) {
    b.crease(line(0, 0, end, 0));
    // Rope-handle holes go through the panel and the turned-over strip together.
    for (const c of [cols[0], cols[2]]) {
      for (const f of [0.35, 0.65]) {
        b.cut(circlePath(c.x + c.w * f, top / 2, 2.5));
        b.cut(circlePath(c.x + c.w * f, -top / 2, 2.5));
      }
    }
  }
}
