import { z } from 'zod';
import { DielineBuilder } from './builder.js';
import { CALIPER_MESSAGE, caliperFits, clamp, defineGenerator, lengthMm, thicknessMm } from './generator.js';
import { line, polygon, pt } from './geometry.js';
import type { PanelRole, Rotation } from './types.js';

/**
 * Slotted corrugated containers: FEFCO 0201 (regular slotted container: flaps meet in the
 * middle), 0200 (half slotted: no top flaps) and 0203 (full overlap: the outer flaps span
 * the full width). Sheet, left to right: manufacturer's joint | front | right | back | left,
 * flaps above and below each panel separated by slots centred on the folds.
 *
 * Thickness rule (inside dimensions): panels = inside + t (centre-line of the corners);
 * panel height = H + 2t because at each end the inner and outer flaps stack up under the
 * fold; 0201 flaps are (W + t)/2 deep so the outer pair meets; slots are 2t wide (at least
 * 3 mm) so the flaps fold past each other.
 */
export const slottedStyles = ['0201', '0200', '0203'] as const;

export const rsc0201 = defineGenerator({
  family: 'rsc-0201',
  schema: z
    .object({
      /** FEFCO style code. */
      style: z.enum(slottedStyles),
      /** Inside length, mm. */
      length: lengthMm(),
      /** Inside width, mm. */
      width: lengthMm(),
      /** Inside height, mm. */
      height: lengthMm(),
      /** Board caliper (B flute ≈ 3 mm, C flute ≈ 4 mm). */
      thickness: thicknessMm(),
      /** Manufacturer's joint width; default 30–40 mm by size. */
      joint: lengthMm().optional(),
    })
    .refine((p) => caliperFits(p, p.length, p.width, p.height), CALIPER_MESSAGE),
  render(params, boxId) {
    const b = new DielineBuilder();
    const t = params.thickness;
    const pl = params.length + t;
    const pw = params.width + t;
    const ph = params.height + 2 * t;
    const slot = Math.max(2 * t, 3);
    const joint = params.joint ?? clamp(0.15 * ph, 30, 40);
    const flapMeet = pw / 2;
    const outerTop = params.style === '0203' ? pw : flapMeet;

    const cols: { id: string; role: PanelRole; x: number; w: number; long: boolean }[] = [
      { id: 'front', role: 'front', x: joint, w: pl, long: true },
      { id: 'right', role: 'right', x: joint + pl, w: pw, long: false },
      { id: 'back', role: 'back', x: joint + pl + pw, w: pl, long: true },
      { id: 'left', role: 'left', x: joint + 2 * pl + pw, w: pw, long: false },
    ];

    const chamfer = Math.min(joint * 0.27, ph / 4);
    b.panel('joint', 'glue-flap', polygon([pt(0, chamfer), pt(joint, 0), pt(joint, ph), pt(0, ph - chamfer)]));
    b.crease(line(joint, 0, joint, ph));

    for (const c of cols) {
      b.rect(c.id, c.role, c.x, 0, c.w, ph);
      if (c.x > joint) b.crease(line(c.x, 0, c.x, ph));
      const x0 = c.x + slot / 2;
      const w = c.w - slot;
      // Outer flaps sit on the long panels; on the closed top they read with their top edge
      // towards the back, so the back panel's top flap and the front panel's bottom flap turn.
      const flaps: { end: 'top' | 'bottom'; depth: number; role: PanelRole; rotation: Rotation }[] = [];
      if (params.style !== '0200') {
        flaps.push({ end: 'top', depth: c.long ? outerTop : flapMeet, role: c.long ? 'top' : 'dust-flap', rotation: c.id === 'back' ? 180 : 0 });
      }
      flaps.push({
        end: 'bottom',
        depth: c.long ? (params.style === '0203' ? pw : flapMeet) : flapMeet,
        role: c.long ? 'bottom' : 'dust-flap',
        rotation: c.id === 'front' ? 180 : 0,
      });
      for (const f of flaps) {
        const y = f.end === 'top' ? -f.depth : ph;
        b.rect(`${c.id}-${f.end}-flap`, f.role, x0, y, w, f.depth, { rotation: f.rotation });
        const yFold = f.end === 'top' ? 0 : ph;
        b.crease(line(x0, yFold, x0 + w, yFold));
      }
    }
    return b.build({ boxId, family: 'rsc-0201', params });
  },
});
