/**
 * The frame every layout grammar shares, so a grammar says only what is its own: most paint
 * the palette's background flat, and every composition starts from the same few names (the
 * palette, the type, the surface, the panel's unit and its content box).
 */
import type { Art } from '../art.js';
import type { TypeSystem } from '../fonts.js';
import type { Rect } from '../geometry.js';
import type { Palette } from '../palette.js';
import type { Rng } from '../random.js';
import type { StyleFamily } from '../styles.js';
import { type LayoutContext, type LayoutGrammar, content, flat, unit } from './kit.js';

/** A panel as a composition reads it: the context and the names taken from it. */
export interface LayoutScope {
  readonly ctx: LayoutContext;
  readonly p: Palette;
  readonly t: TypeSystem;
  readonly art: Art;
  readonly rng: Rng;
  /** The panel's shorter side, mm: what sizes are fractions of. */
  readonly u: number;
  /** The content area: inside the margins, clear of the colour bands. */
  readonly C: Rect;
}

export function layoutScope(ctx: LayoutContext): LayoutScope {
  return { ctx, p: ctx.palette, t: ctx.type, art: ctx.art, rng: ctx.rng, u: unit(ctx), C: content(ctx) };
}

export interface LayoutSpec {
  /** `family/variant`, stable: stored with liked layouts. */
  readonly id: string;
  readonly family: StyleFamily;
  /** The backdrop changes colour across the panel: small copy goes on a card. */
  readonly busy?: boolean;
  /** The background treatment shared by all panels; the palette's background, flat, when absent. */
  readonly backdrop?: (ctx: LayoutContext) => void;
  /** The front composition. */
  readonly front: (scope: LayoutScope) => void;
}

function plainBackdrop(ctx: LayoutContext): void {
  flat(ctx, ctx.palette.background);
}

export function defineLayout(spec: LayoutSpec): LayoutGrammar {
  const { front, backdrop = plainBackdrop, ...rest } = spec;
  return { ...rest, backdrop, front: (ctx) => front(layoutScope(ctx)) };
}
