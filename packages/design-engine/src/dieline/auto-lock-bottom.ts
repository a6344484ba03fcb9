import { DielineBuilder } from './builder.js';
import {
  addDustFlap,
  addTube,
  addTuckClosure,
  TuckCartonSchema,
  type ClosureSite,
  defaultDustFlapDepth,
  defaultTuckDepth,
  siteOf,
  type TubeLayout,
} from './carton-tube.js';
import { defineGenerator } from './generator.js';
import { line, mirrorPathY, type Path, polygon, pt } from './geometry.js';

/**
 * Auto-lock (crash-lock) bottom with a tuck top. The four bottom flaps are pre-glued on their
 * diagonal folds at the factory; opening the flat carton pulls them into a locked floor.
 *
 * Flaps on the front and back reach half the depth (W + t)/2 plus a hook that locks under the
 * opposite flap; flaps on the sides reach 45% of the length. Each flap carries a 45° fold from
 * one hinge corner and the glue area beyond it. Body thickness rule: see carton-tube.ts.
 */

function bottomPath(site: ClosureSite, path: Path): Path {
  return mirrorPathY(path, site.yScore);
}

function addLockFlap(b: DielineBuilder, tube: TubeLayout, site: ClosureSite, id: string): void {
  const { x0, x1, yScore: y } = site;
  const w = x1 - x0;
  const h = tube.panelW / 2;
  const hook = Math.min(0.2 * tube.panelW, 12);
  const slant = Math.min(h * 0.25, w * 0.1);
  const xm = (x0 + x1) / 2;
  const hw = w * 0.2;
  const ease = Math.min(hook * 0.6, hw * 0.8);
  b.panel(
    id,
    'lock-flap',
    bottomPath(
      site,
      polygon([
        pt(x0, y),
        pt(x0 + slant, y - h),
        pt(xm - hw, y - h),
        pt(xm - hw + ease, y - h - hook),
        pt(xm + hw - ease, y - h - hook),
        pt(xm + hw, y - h),
        pt(x1 - slant, y - h),
        pt(x1, y),
      ]),
    ),
  );
  b.crease(bottomPath(site, line(x0, y, x1, y)));
  const d = Math.min(h, w / 2);
  b.crease(bottomPath(site, line(x1, y, x1 - d, y - d)));
  b.zone('glue', bottomPath(site, polygon([pt(x1, y), pt(x1 - d, y - d), pt(x1 - slant * (d / h), y - d)])));
}

function addSideFlap(b: DielineBuilder, tube: TubeLayout, site: ClosureSite, id: string): void {
  const { x0, x1, yScore: y } = site;
  const w = x1 - x0;
  const d = Math.min(0.45 * tube.panelL, w);
  const k = Math.min(d * 0.3, w * 0.25);
  b.panel(id, 'lock-flap', bottomPath(site, polygon([pt(x0, y), pt(x0 + k, y - d), pt(x1 - k, y - d), pt(x1, y)])));
  b.crease(bottomPath(site, line(x0, y, x1, y)));
  const dd = Math.min(d, w - k);
  b.crease(bottomPath(site, line(x0, y, x0 + dd, y - dd)));
  b.zone('glue', bottomPath(site, polygon([pt(x0 + dd, y - dd), pt(x1 - k, y - d), pt(x1, y)])));
}

export const autoLockBottom = defineGenerator({
  family: 'auto-lock-bottom',
  schema: TuckCartonSchema,
  render(params, boxId) {
    const b = new DielineBuilder();
    const tube = addTube(b, params, 'closed');
    const tuckDepth = params.tuckDepth ?? defaultTuckDepth(tube);
    addTuckClosure(b, tube, siteOf(tube, 'back', 'top'), { id: 'top', role: 'top', rotation: 180, tuckDepth });
    const dust = defaultDustFlapDepth(tube, tuckDepth);
    addDustFlap(b, siteOf(tube, 'right', 'top'), { id: 'right-top-dust-flap', depth: dust });
    addDustFlap(b, siteOf(tube, 'left', 'top'), { id: 'left-top-dust-flap', depth: dust });
    addLockFlap(b, tube, siteOf(tube, 'front', 'bottom'), 'front-lock-flap');
    addLockFlap(b, tube, siteOf(tube, 'back', 'bottom'), 'back-lock-flap');
    addSideFlap(b, tube, siteOf(tube, 'right', 'bottom'), 'right-lock-flap');
    addSideFlap(b, tube, siteOf(tube, 'left', 'bottom'), 'left-lock-flap');
    return b.build({ boxId, family: 'auto-lock-bottom', params });
  },
});
