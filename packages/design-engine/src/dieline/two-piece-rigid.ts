import { z } from 'zod';
import { DielineBuilder } from './builder.js';
import { CALIPER_MESSAGE, caliperFits, defineGenerator, lengthMm, thicknessMm } from './generator.js';
import { line, polygon, pt } from './geometry.js';
import type { PanelRole, Rotation } from './types.js';

/**
 * Two-piece rigid box (lid and base): the printed wraps that cover the grey-board lid and
 * base. Each wrap is a cross: the face in the middle, four walls around it, each wall running
 * on over the board edge (one caliper) and turning in `turnIn` mm inside. The long walls carry
 * corner ears that wrap round onto the short walls; turn-ins are mitred at 45° so they do not
 * pile up in the corners.
 *
 * Thickness rule: the base board is `length` × `width` inside, so its outside is + 2t; the
 * lid's inside is the base's outside plus `clearance`, and its outside + 2t again. Walls are
 * covered from the bottom face's outer surface: the base wall strip is height + t, and the
 * rim over the board edge adds t.
 */

interface WrapSpec {
  prefix: 'lid' | 'base';
  faceRole: PanelRole;
  faceId: string;
  ox: number;
  oy: number;
  L: number;
  W: number;
  wall: number;
  t: number;
  turnIn: number;
  /**
   * The lid forms the right way up (sheet left is the pack's left); the base forms upside
   * down, its walls folding away from the printed face, so its left and right swap.
   */
  flip: boolean;
}

function addWrap(b: DielineBuilder, s: WrapSpec): void {
  const { ox, oy, L, W, wall, t, turnIn, prefix } = s;
  const rim = t;
  const strip = wall + rim + turnIn;
  const ear = Math.min(15, W / 3, wall);
  const relief = Math.max(t, 1);
  const mitre = (w: number) => Math.min(turnIn, w / 4);

  b.rect(s.faceId, s.faceRole, ox, oy, L, W);

  // Which sheet side is which pack side, and how artwork turns (see Panel.artworkRotation).
  const name = (sheetSide: 'top' | 'bottom' | 'left' | 'right'): { id: string; rotation: Rotation } => {
    if (!s.flip) {
      const map = { top: ['back', 180], bottom: ['front', 0], left: ['left', 90], right: ['right', 270] } as const;
      return { id: `${prefix}-${map[sheetSide][0]}-wall`, rotation: map[sheetSide][1] };
    }
    const map = { top: ['back', 0], bottom: ['front', 180], left: ['right', 270], right: ['left', 90] } as const;
    return { id: `${prefix}-${map[sheetSide][0]}-wall`, rotation: map[sheetSide][1] };
  };

  // Long walls (top and bottom of the cross) with corner ears.
  for (const side of ['top', 'bottom'] as const) {
    const dir = side === 'top' ? -1 : 1;
    const y0 = side === 'top' ? oy : oy + W;
    const at = (d: number) => y0 + dir * d;
    const { id, rotation } = name(side);
    b.panel(id, 'wall', polygon([pt(ox, at(0)), pt(ox + L, at(0)), pt(ox + L, at(wall)), pt(ox, at(wall))]), { rotation });
    const m = mitre(L);
    b.panel(`${id}-turn-in`, 'turn-in', polygon([pt(ox, at(wall)), pt(ox + L, at(wall)), pt(ox + L - m, at(strip)), pt(ox + m, at(strip))]));
    b.crease(line(ox, at(0), ox + L, at(0)));
    b.crease(line(ox, at(wall), ox + L, at(wall)));
    b.crease(line(ox + (rim / turnIn) * m, at(wall + rim), ox + L - (rim / turnIn) * m, at(wall + rim)));
    // Ears need some wall beside the corner relief to be worth cutting.
    for (const end of wall - relief > 4 ? (['left', 'right'] as const) : []) {
      const ex = end === 'left' ? ox : ox + L;
      const out = (d: number) => ex + (end === 'left' ? -d : d);
      const ch = Math.min(ear * 0.5, wall * 0.2, (wall - relief) / 3);
      b.panel(`${id}-${end}-ear`, 'ear', polygon([pt(ex, at(relief)), pt(out(ear), at(relief + ch)), pt(out(ear), at(wall - ch)), pt(ex, at(wall))]));
      b.crease(line(ex, at(relief), ex, at(wall)));
    }
  }

  // Short walls (left and right of the cross).
  for (const side of ['left', 'right'] as const) {
    const dir = side === 'left' ? -1 : 1;
    const x0 = side === 'left' ? ox : ox + L;
    const at = (d: number) => x0 + dir * d;
    const { id, rotation } = name(side);
    b.panel(id, 'wall', polygon([pt(at(0), oy), pt(at(wall), oy), pt(at(wall), oy + W), pt(at(0), oy + W)]), { rotation });
    const m = mitre(W);
    b.panel(`${id}-turn-in`, 'turn-in', polygon([pt(at(wall), oy), pt(at(strip), oy + m), pt(at(strip), oy + W - m), pt(at(wall), oy + W)]));
    b.crease(line(at(0), oy, at(0), oy + W));
    b.crease(line(at(wall), oy, at(wall), oy + W));
    b.crease(line(at(wall + rim), oy + (rim / turnIn) * m, at(wall + rim), oy + W - (rim / turnIn) * m));
  }
}

export const twoPieceRigid = defineGenerator({
  family: 'two-piece-rigid',
  schema: z
    .object({
      /** Inside length of the base, mm. */
      length: lengthMm(),
      /** Inside width of the base, mm. */
      width: lengthMm(),
      /** Inside height of the base, mm. */
      height: lengthMm(),
      /** Outside height of the lid, mm. */
      lidHeight: lengthMm(),
      /** Grey board caliper, mm. */
      thickness: thicknessMm(),
      /** Wrap paper turned in over the inside of the walls, mm. */
      turnIn: lengthMm().default(15),
      /** Play between the base's outside and the lid's inside, mm. */
      clearance: z.number().min(0).max(10).default(1),
    })
    .refine((p) => caliperFits(p, p.length, p.width, p.lidHeight), CALIPER_MESSAGE)
    .refine((p) => p.lidHeight <= p.height + p.thickness, { message: 'lidHeight must not exceed the base height.', path: ['lidHeight'] }),
  render(params, boxId) {
    const b = new DielineBuilder();
    const t = params.thickness;
    const baseL = params.length + 2 * t;
    const baseW = params.width + 2 * t;
    const lidL = baseL + params.clearance + 2 * t;
    const lidW = baseW + params.clearance + 2 * t;
    const lidStrip = params.lidHeight + t + params.turnIn;
    const baseWall = params.height + t;
    const baseStrip = baseWall + t + params.turnIn;
    const gap = 10;

    // Lid cross on the left, base cross on the right, tops aligned.
    const lidOx = lidStrip;
    const lidOy = lidStrip;
    addWrap(b, {
      prefix: 'lid',
      faceRole: 'front',
      faceId: 'lid-top',
      ox: lidOx,
      oy: lidOy,
      L: lidL,
      W: lidW,
      wall: params.lidHeight,
      t,
      turnIn: params.turnIn,
      flip: false,
    });
    const baseOx = lidOx + lidL + lidStrip + gap + baseStrip;
    addWrap(b, {
      prefix: 'base',
      faceRole: 'bottom',
      faceId: 'base-bottom',
      ox: baseOx,
      oy: baseStrip,
      L: baseL,
      W: baseW,
      wall: baseWall,
      t,
      turnIn: params.turnIn,
      flip: true,
    });
    return b.build({ boxId, family: 'two-piece-rigid', params });
  },
});
