import { z } from 'zod';
import { defineCall } from '../call.js';
import { BOX_TYPES } from '../catalog/boxes.js';

/*
 * The design request form (SPEC §1, §2 /design-requirements, §7 POST /api/design_request), the
 * form's subjects (GET /api/subject/list) and the font records of SPEC §3 (GET /api/font/list).
 * A request is stored before any mail is sent; mail that fails is retried, the request is kept.
 */

export const DESIGN_REQUEST_MAX_ATTACHMENTS = 5;
export const DESIGN_REQUEST_MAX_LINKS = 5;
export const DESIGN_REQUEST_NOTES_MAX = 5000;
export const DESIGN_REQUEST_MAX_QUANTITY = 10_000_000;

/** What a packaging studio offers; a request names one or more. */
export const DESIGN_SERVICES = [
  { slug: 'packaging-design', name: 'Packaging design', description: 'Artwork for a new pack, from concept to print-ready files.' },
  { slug: 'redesign', name: 'Redesign of an existing pack', description: 'A fresh look for packaging you sell today.' },
  { slug: 'dieline', name: 'Custom dieline / structure', description: 'A box or insert engineered to your product.' },
  { slug: 'label-design', name: 'Label design', description: 'Labels for bottles, jars, cans and pouches, including nutrition panels.' },
  { slug: 'brand-identity', name: 'Brand identity and logo', description: 'Name, logo, colours and type for a new brand.' },
  { slug: 'mockups-renders', name: '3D mockups and renders', description: 'Photo-real images for your shop and listings.' },
  { slug: 'print-production', name: 'Print production support', description: 'Pre-press checks and a factory that prints it.' },
] as const;
export type DesignServiceSlug = (typeof DESIGN_SERVICES)[number]['slug'];
export const DesignServiceSlugSchema = z.enum(DESIGN_SERVICES.map((s) => s.slug) as [DesignServiceSlug, ...DesignServiceSlug[]], {
  error: 'services: pick from the list of services.',
});

export const PRICE_POINTS = [
  { slug: 'budget', name: 'Budget' },
  { slug: 'mid-range', name: 'Mid-range' },
  { slug: 'premium', name: 'Premium' },
  { slug: 'luxury', name: 'Luxury' },
] as const;
export type PricePointSlug = (typeof PRICE_POINTS)[number]['slug'];
export const PricePointSchema = z.enum(PRICE_POINTS.map((p) => p.slug) as [PricePointSlug, ...PricePointSlug[]], {
  error: 'price_point: pick budget, mid-range, premium or luxury.',
});

/** Budget ranges in US dollars. */
export const BUDGET_RANGES = [
  { slug: 'under-1k', name: 'Under $1,000' },
  { slug: '1k-3k', name: '$1,000 – $3,000' },
  { slug: '3k-7k', name: '$3,000 – $7,000' },
  { slug: '7k-15k', name: '$7,000 – $15,000' },
  { slug: 'over-15k', name: 'Over $15,000' },
  { slug: 'not-sure', name: 'Not sure yet' },
] as const;
export type BudgetSlug = (typeof BUDGET_RANGES)[number]['slug'];
export const BudgetSchema = z.enum(BUDGET_RANGES.map((b) => b.slug) as [BudgetSlug, ...BudgetSlug[]], { error: 'budget: pick one of the budget ranges.' });

/** `packaging_type` is a catalogue box type slug, or this when the requester does not know yet. */
export const PACKAGING_TYPE_NOT_SURE = 'not-sure';

export const DESIGN_REQUEST_STATUSES = ['new', 'in_progress', 'answered', 'closed'] as const;
export const DesignRequestStatusSchema = z.enum(DESIGN_REQUEST_STATUSES, { error: 'status must be new, in_progress, answered or closed.' });
export type DesignRequestStatus = z.infer<typeof DesignRequestStatusSchema>;

/** Text that may hold no markup: a `<tag` in a request would be shown to the studio in mail and admin screens. */
const MARKUP = /<\s*\/?\s*[a-z!?]/i;
function plainText(field: string, max: number, required: boolean) {
  const base = z
    .string({ error: `${field} is required.` })
    .trim()
    .max(max, `${field}: at most ${max} characters.`);
  const sized = required ? base.min(1, `${field} is required.`) : base;
  return sized.refine((s) => !MARKUP.test(s), `${field}: must not contain HTML or script tags (<…>).`);
}

const HttpUrl = z
  .string()
  .trim()
  .max(2000, 'links: each at most 2000 characters.')
  .refine((s) => {
    try {
      const u = new URL(s);
      return u.protocol === 'http:' || u.protocol === 'https:';
    } catch {
      return false;
    }
  }, 'links: each must be a web address starting with http:// or https://.');

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The request form, checked the same on both ends; every message names its field. */
export const DesignRequestInputSchema = z.object({
  name: plainText('name', 120, true),
  email: z
    .string({ error: 'email is required.' })
    .trim()
    .min(1, 'email is required.')
    .max(254, 'email: at most 254 characters.')
    .pipe(z.email({ error: 'email: enter a valid email address.' })),
  company: plainText('company', 120, false).optional().default(''),
  country: plainText('country', 80, true),
  product: plainText('product', 120, true),
  brand: plainText('brand', 120, true),
  packaging_type: z
    .string({ error: 'packaging_type is required.' })
    .trim()
    .refine((s) => s === PACKAGING_TYPE_NOT_SURE || BOX_TYPES.some((b) => b.slug === s), 'packaging_type: pick a packaging type from the list.'),
  /** Free text such as "80 × 40 × 150 mm" or "250 ml bottle". */
  size: plainText('size', 120, false).optional().default(''),
  quantity: z.coerce
    .number({ error: 'quantity must be a number.' })
    .int('quantity must be a whole number.')
    .min(1, 'quantity must be at least 1.')
    .max(DESIGN_REQUEST_MAX_QUANTITY, `quantity must be at most ${DESIGN_REQUEST_MAX_QUANTITY.toLocaleString('en-US')}.`),
  target_market: plainText('target_market', 200, false).optional().default(''),
  price_point: PricePointSchema.optional(),
  services: z.array(DesignServiceSlugSchema).max(DESIGN_SERVICES.length, 'services: too many.').optional().default([]),
  links: z.array(HttpUrl).max(DESIGN_REQUEST_MAX_LINKS, `links: at most ${DESIGN_REQUEST_MAX_LINKS} links.`).optional().default([]),
  /** Style references: URLs of images the requester uploaded with POST /api/upload (SPEC §5 rules). */
  attachments: z
    .array(z.string().trim().min(1).max(2000, 'attachments: each at most 2000 characters.'))
    .max(DESIGN_REQUEST_MAX_ATTACHMENTS, `attachments: at most ${DESIGN_REQUEST_MAX_ATTACHMENTS} images.`)
    .optional()
    .default([]),
  /** YYYY-MM-DD; today or later (checked on the server against its own date). */
  deadline: z
    .string()
    .trim()
    .refine((s) => s === '' || (ISO_DATE.test(s) && !Number.isNaN(Date.parse(`${s}T00:00:00Z`))), 'deadline: use a date like 2027-03-31.')
    .optional()
    .default(''),
  budget: BudgetSchema.optional(),
  notes: plainText('notes', DESIGN_REQUEST_NOTES_MAX, false).optional().default(''),
});
export type DesignRequestInput = z.input<typeof DesignRequestInputSchema>;
export type DesignRequestFields = z.output<typeof DesignRequestInputSchema>;

/** A stored request as the admin area shows it. */
export const DesignRequestRecordSchema = z.object({
  request_id: z.string(),
  reference: z.string(),
  status: DesignRequestStatusSchema,
  fields: z.object({
    name: z.string(),
    email: z.string(),
    company: z.string(),
    country: z.string(),
    product: z.string(),
    brand: z.string(),
    packaging_type: z.string(),
    size: z.string(),
    quantity: z.number().int(),
    target_market: z.string(),
    price_point: z.string().nullable(),
    services: z.array(z.string()),
    links: z.array(z.string()),
    attachments: z.array(z.string()),
    deadline: z.string(),
    budget: z.string().nullable(),
    notes: z.string(),
  }),
  /** pending: not yet mailed (retried); sent: both mails went out. */
  mail_status: z.enum(['pending', 'sent']),
  mail_attempts: z.number().int(),
  create_at: z.number().int(),
  update_at: z.number().int(),
});
export type DesignRequestRecord = z.infer<typeof DesignRequestRecordSchema>;

export const designRequest = defineCall({
  method: 'POST',
  path: '/api/design_request',
  auth: 'session',
  summary: 'Send a design request to the studio (stored first; confirmation mailed with a reference number)',
  input: DesignRequestInputSchema,
  data: z.object({ request_id: z.string(), reference: z.string() }),
});

export const subjectList = defineCall({
  method: 'GET',
  path: '/api/subject/list',
  auth: 'public',
  summary: "The design request form's subjects: packaging types, services, price points and budgets",
  input: z.object({}),
  data: z.object({
    packaging_types: z.array(z.object({ slug: z.string(), name: z.string(), category: z.string(), box_id: z.number().int() })),
    services: z.array(z.object({ slug: z.string(), name: z.string(), description: z.string() })),
    price_points: z.array(z.object({ slug: z.string(), name: z.string() })),
    budgets: z.array(z.object({ slug: z.string(), name: z.string() })),
  }),
});

/** SPEC §3 Font record; `preview_url` is an image of `example` set in the font. */
export const FontRecordSchema = z.object({
  id: z.number().int(),
  font_name: z.string(),
  /** The TTF file. */
  file_path: z.string(),
  /** A subset of the TTF holding only the example's glyphs (for a quick preview in a font menu). */
  mini_file_path: z.string(),
  example: z.string(),
  sort: z.number().int(),
  preview_url: z.string(),
});
export type FontRecord = z.infer<typeof FontRecordSchema>;

export const fontList = defineCall({
  method: 'GET',
  path: '/api/font/list',
  auth: 'public',
  summary: 'The fonts the design engine ships (SPEC §3 Font record), with preview images',
  input: z.object({}),
  data: z.object({ list: z.array(FontRecordSchema) }),
});

export const adminDesignRequests = defineCall({
  method: 'GET',
  path: '/api/admin/design_requests',
  auth: 'user',
  summary: 'Admin: design requests, newest first',
  input: z.object({
    status: DesignRequestStatusSchema.optional(),
    page_index: z.coerce.number().int().min(1).default(1),
    page_size: z.coerce.number().int().min(1).max(100).default(50),
  }),
  data: z.object({ list: z.array(DesignRequestRecordSchema), total: z.number().int() }),
});

export const adminSetDesignRequestStatus = defineCall({
  method: 'PUT',
  path: '/api/admin/design_request',
  auth: 'user',
  summary: "Admin: set a design request's status",
  input: z.object({ request_id: z.string().min(1, 'request_id is required.').max(64), status: DesignRequestStatusSchema }),
  data: DesignRequestRecordSchema,
});
