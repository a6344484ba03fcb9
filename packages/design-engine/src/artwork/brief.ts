/**
 * The design brief the artwork engine works from: what the user told the design chat.
 */
import { z } from 'zod';
import { BRIEF_LIMITS } from '@packsmith/contracts';

const text = (max: number) =>
  z
    .string()
    .transform((s) => s.replace(/\s+/g, ' ').trim())
    .pipe(z.string().min(1).max(max));

export const LogoSchema = z.object({
  /** PNG/JPEG bytes, a `data:` URL, or base64 of a PNG. */
  data: z.union([z.custom<Uint8Array>((v) => v instanceof Uint8Array, 'logo data must be bytes or a string'), z.string().min(1)]),
  width: z.number().positive(),
  height: z.number().positive(),
  mime: z.enum(['image/png', 'image/jpeg', 'image/svg+xml']).default('image/png'),
});

export const BriefSchema = z.object({
  product: text(BRIEF_LIMITS.product),
  brand: text(BRIEF_LIMITS.brand),
  /** Box id or slug (the dieline the artwork is for). */
  box: z.union([z.string(), z.number()]).transform(String).default(''),
  element: z.array(z.string().max(BRIEF_LIMITS.tag)).max(BRIEF_LIMITS.tags).default([]),
  style: z.array(z.string().max(BRIEF_LIMITS.tag)).max(BRIEF_LIMITS.tags).default([]),
  color: z.array(z.string().max(BRIEF_LIMITS.tag)).max(BRIEF_LIMITS.tags).default([]),
  logo: LogoSchema.optional(),
  seed: z.number().int().nonnegative().default(0),
  /** What the user liked before: the engine leans towards these. */
  liked: z
    .object({
      palettes: z.array(z.array(z.string())).default([]),
      layouts: z.array(z.string()).default([]),
    })
    .optional(),
});

export type BriefInput = z.input<typeof BriefSchema>;
export type Brief = z.output<typeof BriefSchema>;
export type LogoData = z.output<typeof LogoSchema>;

export function parseBrief(input: BriefInput): Brief {
  return BriefSchema.parse(input);
}

/** A `data:` URL for the logo, whatever form it came in. */
export function logoHref(logo: LogoData): string {
  if (typeof logo.data === 'string') {
    return logo.data.startsWith('data:') ? logo.data : `data:${logo.mime};base64,${logo.data}`;
  }
  return `data:${logo.mime};base64,${Buffer.from(logo.data).toString('base64')}`;
}

/** Everything in the brief that shapes a design, as one string to seed randomness from. */
export function briefKey(b: Brief): string {
  const logo = b.logo ? `${b.logo.width}x${b.logo.height}:${typeof b.logo.data === 'string' ? b.logo.data.length : b.logo.data.byteLength}` : '-';
  return [b.brand, b.product, b.box, b.element.join(','), b.style.join(','), b.color.join(','), logo].join('|');
}
